import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations } from "../support/axe";
import {
  expectAbsent,
  expectCount,
  expectNoOverflow,
  expectOnPage,
  hydrated,
  shown,
} from "../support/page-expectations";
import { snap } from "./portal-browser";
import { sharedPortalRun } from "./shared-run";

const password = "Sandbox#2026";
/** The second administrator, new in every run (the shared portal's database may hold an earlier run's). */
const approverName = `controls.${Date.now().toString(36)}`;
const expiryLabel = "A request waiting for approval expires after";

describe("the console's controls, in Chromium", () => {
  const portal = sharedPortalRun();

  async function newPage(width = 1280): Promise<Page> {
    const context = await portal.newContext({ viewport: { width, height: 900 } });
    return context.newPage();
  }

  async function staffLogIn(page: Page, username: string, secret = password): Promise<void> {
    await page.goto(`${portal.origin}/staff/login`);
    await shown(page.getByRole("heading", { name: "Staff console" }));
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(secret);
    await (await hydrated(page.getByRole("button", { name: "Log in" }))).click();
    await page.waitForURL((url) => url.pathname.startsWith("/staff") && !url.pathname.startsWith("/staff/login"));
  }

  /** Nothing scrolls sideways, axe finds nothing serious, and a screenshot to look at. */
  async function checked(page: Page, name: string): Promise<void> {
    await expectNoOverflow(page);
    expect(await seriousViolations(page), name).toEqual([]);
    await snap(page, name);
  }

  async function openControls(page: Page): Promise<void> {
    await page.goto(`${portal.origin}/staff/controls`);
    await shown(page.getByRole("heading", { level: 1, name: "Controls" }));
  }

  /** Chooses the expiry in the form and answers the hours it shows as now in force. */
  async function chooseExpiry(page: Page): Promise<number> {
    const form = page.getByRole("form", { name: "Change a control" });
    await hydrated(form.getByRole("button", { name: "Save the change" }));
    await form.getByLabel("Control").selectOption({ label: "Request expiry" });
    await expectOnPage(() => form.getByLabel("New value").inputValue()).toMatch(/^\d+$/);
    return Number(await form.getByLabel("New value").inputValue());
  }

  it("a stricter expiry applies at once; the looser one back waits for a second administrator, who approves it", async () => {
    const admin = await newPage();
    await staffLogIn(admin, "staff.admin");

    await admin.goto(`${portal.origin}/staff/accounts`);
    const create = admin.getByRole("form", { name: "Create a staff account" });
    const createButton = await hydrated(create.getByRole("button", { name: "Create account" }));
    await create.getByLabel("Username").fill(approverName);
    await create.getByLabel("Role").selectOption("ADMIN");
    await create.getByLabel("Reason", { exact: true }).fill("Second administrator for the controls");
    await createButton.click();
    const secondPassword = ((await (await shown(create.getByTestId("one-time-password"))).textContent()) ?? "").trim();
    expect(secondPassword).not.toBe("");

    await openControls(admin);
    const hours = await chooseExpiry(admin);
    const form = admin.getByRole("form", { name: "Change a control" });
    await form.getByLabel("New value").fill(String(hours - 1));
    await shown(form.getByText("Stricter: it applies as soon as you save it."));
    await form.getByLabel("Reason", { exact: true }).fill("Requests should not wait so long");
    await checked(admin, "staff-controls-1280-form");
    await form.getByRole("button", { name: "Save the change" }).click();
    await shown(form.getByText(`Saved: ${hours - 1} hours`));
    await openControls(admin);
    await expectOnPage(() => admin.getByRole("region", { name: "In force now" }).textContent()).toContain(
      `${expiryLabel}${hours - 1} hours`,
    );

    // Back up to where it was: looser, so it waits; its maker is offered no decision.
    await chooseExpiry(admin);
    await form.getByLabel("New value").fill(String(hours));
    await shown(form.getByText("Looser: it applies only once another administrator approves it."));
    await form.getByLabel("Reason", { exact: true }).fill("Back to the usual wait");
    await form.getByRole("button", { name: "Save the change" }).click();
    await shown(form.getByText(`Asked for ${hours} hours`));
    await openControls(admin);
    const mine = admin.locator("[data-request]").filter({ hasText: expiryLabel });
    await expectCount(mine, 1);
    await expectOnPage(() => mine.textContent()).toContain(
      "Your change: another administrator approves or rejects it.",
    );
    await expectAbsent(mine.getByRole("button", { name: /^Approve/ }), { once: mine });
    await checked(admin, "staff-controls-1280-waiting");

    const approver = await newPage(360);
    await staffLogIn(approver, approverName, secondPassword);
    await openControls(approver);
    const request = approver.locator("[data-request]").filter({ hasText: expiryLabel });
    await expectCount(request, 1);
    await checked(approver, "staff-controls-360-approver");
    await (await hydrated(request.getByRole("button", { name: /^Approve a request waiting/ }))).click();
    await shown(approver.getByRole("status").filter({ hasText: "Approved and carried out (" }));
    await openControls(approver);
    await expectOnPage(() => approver.getByRole("region", { name: "In force now" }).textContent()).toContain(
      `${expiryLabel}${hours} hours`,
    );
    await expectOnPage(() => approver.getByRole("region", { name: "Recent changes" }).textContent()).toContain(
      `approved by ${approverName}`,
    );

    // An agent is offered no controls.
    const agent = await newPage(360);
    await staffLogIn(agent, "staff.agent");
    await agent.goto(`${portal.origin}/staff/controls`);
    await shown(agent.getByRole("heading", { name: "Not available to your role" }));
  });
});

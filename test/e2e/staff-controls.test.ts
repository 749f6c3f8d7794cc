import { describe, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAbsent, expectCount, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { sharedPortalRun } from "./shared-run";
import { checkedPage, createAdministrator, newStaffPage, staffLogIn } from "./staff-browser";

/** The second administrator, new in every run (the shared portal's database may hold an earlier run's). */
const approverName = `controls.${Date.now().toString(36)}`;
const expiryLabel = "A request waiting for approval expires after";

describe("the console's controls, in Chromium", () => {
  const portal = sharedPortalRun();

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
    const admin = await newStaffPage(portal);
    await staffLogIn(portal, admin, "staff.admin");

    const secondPassword = await createAdministrator(
      portal,
      admin,
      approverName,
      "Second administrator for the controls",
    );

    await openControls(admin);
    const hours = await chooseExpiry(admin);
    const form = admin.getByRole("form", { name: "Change a control" });
    await form.getByLabel("New value").fill(String(hours - 1));
    await shown(form.getByText("Stricter: it applies as soon as you save it."));
    await form.getByLabel("Reason", { exact: true }).fill("Requests should not wait so long");
    await checkedPage(admin, "staff-controls-1280-form");
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
    await checkedPage(admin, "staff-controls-1280-waiting");

    const approver = await newStaffPage(portal, 360);
    await staffLogIn(portal, approver, approverName, secondPassword);
    await openControls(approver);
    const request = approver.locator("[data-request]").filter({ hasText: expiryLabel });
    await expectCount(request, 1);
    await checkedPage(approver, "staff-controls-360-approver");
    await (await hydrated(request.getByRole("button", { name: /^Approve a request waiting/ }))).click();
    await shown(approver.getByRole("status").filter({ hasText: "Approved and carried out (" }));
    await openControls(approver);
    await expectOnPage(() => approver.getByRole("region", { name: "In force now" }).textContent()).toContain(
      `${expiryLabel}${hours} hours`,
    );
    await expectOnPage(() => approver.getByRole("region", { name: "Recent changes" }).textContent()).toContain(
      `approved by ${approverName}`,
    );

    // The trail names the control in words and says what it was and became.
    await admin.goto(`${portal.origin}/staff/audit?action=control.changed&actor=staff.admin`);
    const line = admin.locator("[data-audit-row]").first();
    await expectOnPage(() => line.textContent()).toContain("Request expiry");
    await line.getByText("Before and after").click();
    await expectOnPage(() => line.textContent()).toContain(`${hours - 1} hours`);

    // An agent is offered no controls.
    const agent = await newStaffPage(portal, 360);
    await staffLogIn(portal, agent, "staff.agent");
    await agent.goto(`${portal.origin}/staff/controls`);
    await shown(agent.getByRole("heading", { name: "Not available to your role" }));
  });
});

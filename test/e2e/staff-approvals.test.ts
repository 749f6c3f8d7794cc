import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAbsent, expectCount, expectOnPage, hydrated, shown } from "../support/page-expectations";
import { sharedPortalRun } from "./shared-run";
import { checkedPage, createAdministrator, newStaffPage, staffLogIn } from "./staff-browser";

/** demo.household (Northstar Club, 1,200 points): no other end-to-end file moves its points. */
const member = "3081000000000002";
/** The second administrator, new in every run (the shared portal's database may hold an earlier run's). */
const approverName = `approver.${Date.now().toString(36)}`;

describe("four eyes on a large goodwill credit, in Chromium", () => {
  const portal = sharedPortalRun();

  /** The member's balance as the member page shows it, in points. */
  async function balance(page: Page): Promise<number> {
    await page.goto(`${portal.origin}/staff/members/${member}`);
    const text = (await (await shown(page.getByTestId("member-balance"))).textContent()) ?? "";
    const digits = /([\d,]+)/.exec(text)?.[1];
    if (!digits) throw new Error(`no balance in ${text}`);
    return Number(digits.replace(/,/g, ""));
  }

  it("staff.admin requests 20,000 points and cannot approve them; a second administrator approves; the balance moves once; the trail has one line each", async () => {
    const admin = await newStaffPage(portal);
    await staffLogIn(portal, admin, "staff.admin");

    const secondPassword = await createAdministrator(portal, admin, approverName, "Second administrator for approvals");

    const start = await balance(admin);
    await admin.getByRole("link", { name: "Credit goodwill points" }).click();
    await admin.waitForURL((url) => url.pathname.endsWith("/credit"));
    await expectOnPage(() => admin.getByTestId("credit-balance").textContent()).toBe(
      `${start.toLocaleString("en-GB")} points`,
    );
    await admin.getByLabel("Points", { exact: true }).fill("20000");
    await admin.getByLabel("Reason", { exact: true }).selectOption("flight_disruption");
    await admin.getByLabel("Details", { exact: true }).fill("Three cancelled flights this month");
    await checkedPage(admin, "staff-approvals-1280-credit-form");
    await (await hydrated(admin.getByRole("button", { name: "Review credit" }))).click();
    const confirm = admin.getByRole("region", { name: "Confirm the credit" });
    await expectOnPage(() => confirm.textContent()).toContain("this becomes a request");
    await expectOnPage(() => admin.getByTestId("credit-confirm-points").textContent()).toBe("20,000");
    await checkedPage(admin, "staff-approvals-1280-credit-confirm");
    await confirm.getByRole("button", { name: "Send for approval" }).click();
    await shown(admin.getByRole("heading", { name: "Sent for approval" }));
    // The finished request is not a form ready to send the same amount again.
    await expectAbsent(admin.getByLabel("Points", { exact: true }), {
      once: admin.getByRole("button", { name: "Make another credit" }),
    });
    await checkedPage(admin, "staff-approvals-1280-credit-requested");
    expect(await balance(admin)).toBe(start);

    // In the queue, with its age; its maker is offered no decision.
    await admin.goto(`${portal.origin}/staff/approvals`);
    const mine = admin.locator("[data-request]").filter({ hasText: member });
    await expectCount(mine, 1);
    await expectOnPage(() => mine.textContent()).toMatch(/Waiting (less than a minute|\d+ minutes?)/);
    await expectOnPage(() => mine.textContent()).toContain("Flight disruption — Three cancelled flights this month");
    await expectOnPage(() => mine.textContent()).toContain(
      "Your request: another administrator approves or rejects it.",
    );
    await expectAbsent(mine.getByRole("button", { name: /^Approve/ }), { once: mine });
    await checkedPage(admin, "staff-approvals-1280-queue-requester");

    // The second administrator approves it.
    const approver = await newStaffPage(portal);
    await staffLogIn(portal, approver, approverName, secondPassword);
    await approver.goto(`${portal.origin}/staff/approvals`);
    const request = approver.locator("[data-request]").filter({ hasText: member });
    await expectCount(request, 1);
    await checkedPage(approver, "staff-approvals-1280-queue-approver");
    const approve = await hydrated(request.getByRole("button", { name: /^Approve goodwill credit of 20,000 points/ }));
    await request.getByRole("textbox", { name: /^Note/ }).fill("Booking checked");
    await approve.click();
    await shown(approver.getByRole("status").filter({ hasText: "Approved and carried out (" }));
    expect(await balance(approver)).toBe(start + 20_000);
    await approver.goto(`${portal.origin}/staff/approvals`);
    await expectCount(approver.locator("[data-request]").filter({ hasText: member }), 0);
    await expectOnPage(() =>
      approver.locator("[data-settled-request]").filter({ hasText: member }).first().textContent(),
    ).toContain("Approved and carried out");

    // The audit trail: the request, the approval and the credit, one line each, with the reason code.
    await admin.goto(`${portal.origin}/staff/audit?member=${member}&reason=flight_disruption`);
    const lines = admin.locator("[data-audit-row]");
    await expectOnPage(() =>
      lines.evaluateAll((items) => items.map((item) => item.getAttribute("data-audit-row"))),
    ).toEqual(["points.credited", "request.approved", "points.credit_requested"]);
    for (const text of await lines.allTextContents()) expect(text).toContain("Flight disruption");
    await expectOnPage(() => lines.first().textContent()).toContain(approverName);
    await expectOnPage(() => lines.first().textContent()).toContain("Succeeded");
    await lines.first().getByText("Before and after").click();
    await expectOnPage(() => lines.first().textContent()).toContain("Approved by");
    await checkedPage(admin, "staff-approvals-1280-audit");
    expect(await balance(admin)).toBe(start + 20_000);
  });

  it("serves the approvals, credit and audit pages at 360 px without sideways scrolling or serious axe violations", async () => {
    const page = await newStaffPage(portal, 360);
    await staffLogIn(portal, page, "staff.admin");
    for (const [path, heading, name] of [
      ["/staff/approvals", "Approvals", "staff-approvals-360-queue"],
      [`/staff/members/${member}/credit`, "Credit goodwill points", "staff-approvals-360-credit-form"],
      ["/staff/audit?reason=flight_disruption", "Audit trail", "staff-approvals-360-audit"],
    ] as const) {
      await page.goto(`${portal.origin}${path}`);
      await shown(page.getByRole("heading", { level: 1, name: heading }));
      await checkedPage(page, name);
    }
    // The confirmation step at 360 px.
    await page.goto(`${portal.origin}/staff/members/${member}/credit`);
    await page.getByLabel("Points", { exact: true }).fill("500");
    await page.getByLabel("Reason", { exact: true }).selectOption("other");
    await (await hydrated(page.getByRole("button", { name: "Review credit" }))).click();
    await shown(page.getByText("Say why: “Other” needs a few words."));
    await page.getByLabel("Details", { exact: true }).fill("Lounge closed on arrival");
    await page.getByRole("button", { name: "Review credit" }).click();
    await shown(page.getByRole("region", { name: "Confirm the credit" }));
    await checkedPage(page, "staff-approvals-360-credit-confirm");

    // An agent is offered no approvals, and opening the page is refused and recorded.
    const agent = await newStaffPage(portal, 360);
    await staffLogIn(portal, agent, "staff.agent");
    await expectAbsent(
      agent.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Approvals" }),
      {
        once: agent.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Find a member" }),
      },
    );
    await agent.goto(`${portal.origin}/staff/approvals`);
    await shown(agent.getByRole("heading", { name: "Not available to your role" }));
    await page.goto(`${portal.origin}/staff/audit?action=page.refused&actor=staff.agent`);
    await expectOnPage(() => page.locator("[data-audit-row]").first().textContent()).toContain("/staff/approvals");
  });
});

import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { seriousViolations } from "../support/axe";
import {
  expectAbsent,
  expectCount,
  expectNoOverflow,
  expectOnPage,
  hydrated,
  shown,
} from "../support/page-expectations";
import { testCards } from "../support/payment-cards";
import { chooseOption, fillCard, orderOpened, outcomePanel } from "./checkout-browser";
import { signIn, snap } from "./portal-browser";
import { sharedPortalRun } from "./shared-run";
import { fillStaffLogin, newStaffPage } from "./staff-browser";

const shopper = sandbox.members.find((member) => member.username === "demo.shopper")!;

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!;
    if (quoted && character === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && character === '"') {
      quoted = false;
    } else if (quoted) {
      field += character;
    } else if (character === '"') {
      quoted = true;
    } else if (character === ",") {
      record.push(field);
      field = "";
    } else if (character === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else {
      field += character;
    }
  }
  return records;
}

/** What staff.agent's browser claims to be in X-Forwarded-For: no proxy is trusted, so nothing may record it. */
const forgedAddress = "203.0.113.250";

// Staff accounts and the console's pages keep out of each other's way: the agent's edit and what the admin does after
// it run in order, beside the account test and the narrow-screen sweep.
describe.concurrent("the staff console in Chromium", () => {
  const portal = sharedPortalRun();

  async function staffSession(page: Page): Promise<string> {
    const cookie = (await page.context().cookies()).find((entry) => entry.name === "staff_session");
    if (!cookie) throw new Error("no staff session cookie");
    return cookie.value;
  }

  describe("demo.shopper's profile edited by an agent, then the admin's audit and refund", () => {
    it.sequential(
      "staff.agent finds demo.shopper by number and edits the email with a reason; the member sees it; both sessions keep working",
      async () => {
        const page = await newStaffPage(portal);

        // The member first, signed in through the programme's login page.
        await page.goto(`${portal.origin}/profile`);
        await page.waitForURL((url) => url.pathname === "/login");
        await signIn(page, {
          programme: /Northstar Club/,
          username: shopper.username!,
          shotPrefix: "staff-e2e-member",
        });
        expect(new URL(page.url()).pathname).toBe("/profile");
        await hydrated(page.getByRole("button", { name: "Save changes" }));
        expect(await page.getByLabel("Email address").inputValue()).not.toBe("CASEY.SHOPPER@EXAMPLE.COM");

        // From here on the browser claims another address (a spoofed X-Forwarded-For): the audit must record the socket's.
        await page
          .context()
          .setExtraHTTPHeaders({ "X-Forwarded-For": forgedAddress, "X-Forwarded-Host": "evil.example" });
        // The console wants its own login: the member's session does not open it.
        await page.goto(`${portal.origin}/staff`);
        await page.waitForURL((url) => url.pathname === "/staff/login");
        await snap(page, "staff-01-login");
        await fillStaffLogin(page, "staff.agent");
        expect(new URL(page.url()).pathname).toBe("/staff");
        const nav = page.getByRole("navigation", { name: "Staff console" });
        await shown(nav.getByRole("link", { name: "Find a member" }));
        await expectAbsent(nav.getByRole("link", { name: "Audit trail" }), {
          once: nav.getByRole("link", { name: "Needs attention" }),
        });

        await page
          .getByLabel("Membership number", { exact: true })
          .fill(shopper.membershipNumber.replace(/(\d{4})(?=\d)/g, "$1 "));
        await page.getByRole("button", { name: "Open member" }).click();
        await page.waitForURL((url) => url.pathname === `/staff/members/${shopper.membershipNumber}`);
        await shown(page.getByRole("heading", { level: 1, name: "Casey Shopper" }));
        await expectOnPage(() => page.getByTestId("member-balance").textContent()).toContain("60,000");
        await snap(page, "staff-02-member-as-agent");

        await page.getByRole("link", { name: "Edit profile" }).click();
        await page.waitForURL((url) => url.pathname.endsWith("/edit"));
        // An agent sees the contact details masked, and opens the form by revealing them (audited).
        const reveal = page.getByRole("button", { name: "Reveal contact details and edit" });
        await shown(reveal);
        await expectAbsent(page.getByRole("button", { name: "Review changes" }), { once: reveal });
        await snap(page, "staff-03-edit-masked");
        // A POST, not a URL: the address stays the edit page's own, so a reload cannot reveal (or record) again.
        await (await hydrated(reveal)).click();
        const review = await hydrated(page.getByRole("button", { name: "Review changes" }));
        expect(new URL(page.url()).search).toBe("");
        await page.getByLabel("Email address").fill("casey.shopper@example.com");
        await review.click();
        const preview = page.getByRole("table", { name: "What the save changes" });
        await shown(preview);
        // The review shows the value as the service will store it.
        await expectOnPage(() => preview.textContent()).toContain("CASEY.SHOPPER@EXAMPLE.COM");
        expect(await preview.getByRole("row").count()).toBe(2);
        await snap(page, "staff-03-edit-preview");
        // No reason, no save.
        await page.getByRole("button", { name: "Save changes" }).click();
        await expectOnPage(() => page.getByLabel("Reason").getAttribute("aria-invalid")).toBe("true");
        await page.getByLabel("Reason").selectOption("data_correction");
        await page
          .getByLabel("Details", { exact: true })
          .fill("Member called: new email, identity checked with the postcode");
        await page.getByRole("button", { name: "Save changes" }).click();
        await expectCount(page.getByRole("status").filter({ hasText: "Saved: Email address." }), 1);
        await snap(page, "staff-04-edit-saved");

        // The agent sees the email partly hidden, and reveals it (which is audited).
        await page.goto(`${portal.origin}/staff/members/${shopper.membershipNumber}`);
        const email = page.getByTestId("member-email");
        await expectOnPage(() => email.textContent()).toBe("C••••@EXAMPLE.COM");
        await (await hydrated(page.getByRole("button", { name: "Reveal contact details" }))).click();
        await expectOnPage(() => email.textContent()).toBe("CASEY.SHOPPER@EXAMPLE.COM");

        // The member's own profile, in the same browser: still signed in, and the change is there.
        await page.goto(`${portal.origin}/profile`);
        await expectOnPage(() => page.getByLabel("Email address").inputValue()).toBe("CASEY.SHOPPER@EXAMPLE.COM");
        await snap(page, "staff-05-member-profile");

        // The agent may not open the audit trail.
        await page.goto(`${portal.origin}/staff/audit`);
        await shown(page.getByRole("heading", { name: "Not available to your role" }));
        await expectAbsent(page.getByRole("link", { name: "Export CSV" }), {
          once: page.getByRole("heading", { name: "Not available to your role" }),
        });

        // Logging out of the console leaves the member signed in.
        await (await hydrated(page.getByRole("button", { name: "Log out" }))).click();
        await page.waitForURL((url) => url.pathname === "/staff/login");
        await shown(page.getByText("You have logged out of the staff console."));
        await page.goto(`${portal.origin}/account`);
        await shown(page.getByRole("region", { name: "Points balance" }));
        expect(new URL(page.url()).pathname).toBe("/account");
      },
    );

    it.sequential(
      "staff.admin reads the edit in the audit trail with before and after, and exports exactly those rows as CSV",
      async () => {
        const page = await newStaffPage(portal);
        await page.goto(`${portal.origin}/staff/audit`);
        await page.waitForURL((url) => url.pathname === "/staff/login");
        expect(new URL(page.url()).searchParams.get("next")).toBe("/staff/audit");
        await fillStaffLogin(page, "staff.admin");
        expect(new URL(page.url()).pathname).toBe("/staff/audit");

        await page.getByLabel("Actor", { exact: true }).selectOption("staff.agent");
        await page.getByLabel("Action", { exact: true }).selectOption("profile.updated");
        await page.getByLabel("Member", { exact: true }).fill(shopper.membershipNumber);
        await page.getByRole("button", { name: "Apply filters" }).click();
        await page.waitForURL((url) => url.searchParams.get("action") === "profile.updated");
        // One line for the edit: its attempt is folded into its outcome.
        const rows = page.locator("[data-audit-row]");
        await expectCount(rows, 1);
        const saved = rows.first();
        await expectOnPage(() => saved.textContent()).toContain("Succeeded");
        await expectOnPage(() => saved.textContent()).toContain("Data correction");
        await saved.getByText("Before and after").click();
        await expectOnPage(() => saved.textContent()).toContain("CASEY.SHOPPER@EXAMPLE.COM");
        await expectOnPage(() => saved.textContent()).toContain(
          "Member called: new email, identity checked with the postcode",
        );
        // The address is the connection's (this machine's loopback), not the one the agent's browser forged.
        const trail = (await page.locator("[data-audit-row]").allTextContents()).join("\n");
        expect(trail).toMatch(/IP (127\.0\.0\.1|::1) /);
        expect(trail).not.toContain(forgedAddress);
        await snap(page, "staff-06-audit");

        const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
        expect(href).toContain("action=profile.updated");
        const exported = await page.context().request.get(`${portal.origin}${href}`);
        expect(exported.status()).toBe(200);
        expect(exported.headers()["content-type"]).toContain("text/csv");
        const [header, ...records] = parseCsv(await exported.text());
        expect(header![0]).toBe("id");
        const byColumn = records.map((record) => Object.fromEntries(header!.map((column, i) => [column, record[i]])));
        expect(byColumn.map((record) => [record.actor, record.action, record.outcome, record.reason_code])).toEqual([
          ["staff.agent", "profile.updated", "succeeded", "data_correction"],
        ]);
        expect(byColumn[0]!.attempted_at).not.toBe("");
        expect(byColumn[0]!.after).toBe("Email: CASEY.SHOPPER@EXAMPLE.COM");

        // The export is in the trail too.
        await page.goto(`${portal.origin}/staff/audit?action=audit.exported`);
        await expectCount(page.locator("[data-audit-row]"), 1);
      },
    );

    it.sequential(
      "staff.admin refunds demo.shopper's completed order: points and card refund on the timeline and in the balance; an agent is refused",
      async () => {
        // demo.shopper buys a flight for 9,000 points and £90.00 in the portal's own checkout.
        const member = await newStaffPage(portal);
        await member.goto(`${portal.origin}/shop`);
        await member.waitForURL((url) => url.pathname === "/login");
        await signIn(member, {
          programme: /Northstar Club/,
          username: shopper.username!,
          shotPrefix: "staff-06-member",
        });
        await chooseOption(member, portal.origin, {
          productId: "FLIGHT-LHR-MAD",
          option: "9,000 points + £90.00 by card",
        });
        await fillCard(member, { number: testCards.APPROVED });
        await member.getByRole("button", { name: "Pay £90.00 and 9,000 points" }).click();
        const orderId = await orderOpened(member);
        await expectOnPage(() => outcomePanel(member).textContent()).toContain("Your order is complete");
        const orderNumber = (
          (await member.getByRole("region", { name: "Receipt" }).locator("dd").first().textContent()) ?? ""
        ).trim();
        expect(orderNumber).not.toBe("");
        const orderPath = `/staff/members/${shopper.membershipNumber}/orders/${encodeURIComponent(orderId)}`;

        // The agent sees the order and its timeline, but no refund.
        const agent = await newStaffPage(portal);
        await agent.goto(`${portal.origin}/staff/login`);
        await fillStaffLogin(agent, "staff.agent");
        await agent.goto(`${portal.origin}/staff/members/${shopper.membershipNumber}`);
        await shown(agent.getByRole("link", { name: orderNumber, exact: true }));
        await agent.goto(`${portal.origin}${orderPath}`);
        await expectAbsent(agent.getByRole("button", { name: "Refund order" }), {
          once: agent.getByRole("list", { name: `Timeline of ${orderNumber}` }),
        });
        const agentCookie = await staffSession(agent);

        const page = await newStaffPage(portal);
        await page.goto(`${portal.origin}/staff/login`);
        await fillStaffLogin(page, "staff.admin");
        await page.goto(`${portal.origin}${orderPath}`);
        await expectOnPage(() => page.getByTestId("member-balance").textContent()).toContain("51,000");
        const refund = await hydrated(page.getByRole("button", { name: "Refund order" }));
        await snap(page, "staff-07-order-completed");

        // The same form posted with the agent's session: the server action answers forbidden, nothing moves.
        const adminCookie = await staffSession(page);
        const useSession = async (value: string) => {
          const [current] = (await page.context().cookies()).filter((entry) => entry.name === "staff_session");
          await page.context().clearCookies({ name: "staff_session" });
          await page.context().addCookies([{ ...current!, value }]);
        };
        await useSession(agentCookie);
        await page.getByLabel("Reason").selectOption("complaint");
        await page.getByLabel("Details", { exact: true }).fill("Trying as an agent");
        await refund.click();
        await expectOnPage(() =>
          page.getByRole("alert").filter({ hasText: "The order was not refunded" }).textContent(),
        ).toContain("Your role does not allow this.");
        await useSession(adminCookie);
        await page.reload();
        await expectOnPage(() => page.getByTestId("order-status").textContent()).toBe("Completed");

        await page.getByLabel("Reason").selectOption("flight_disruption");
        await page
          .getByLabel("Details", { exact: true })
          .fill("Flight cancelled by the airline, member asked for a refund");
        await (await hydrated(page.getByRole("button", { name: "Refund order" }))).click();
        // What was given back, in amounts: not the order's status word.
        await expectCount(page.getByRole("status").filter({ hasText: /Refunded \S+ and [\d,]+ points\./ }), 1);
        await page.reload();
        await expectOnPage(() => page.getByTestId("order-status").textContent()).toBe("Cancelled");
        const timeline = page.getByRole("list", { name: `Timeline of ${orderNumber}` });
        await expectOnPage(() => timeline.textContent()).toContain(
          "Refund asked by staff.admin. Reason: Flight cancelled by the airline, member asked for a refund",
        );
        const steps = await timeline
          .locator("li")
          .evaluateAll((items) => items.map((item) => item.getAttribute("data-step")));
        expect(steps.slice(0, 5)).toEqual(["priced", "card_authorised", "points_debited", "capturing", "completed"]);
        expect(steps.at(-1)).toBe("cancelled");
        await expectOnPage(() => timeline.textContent()).toMatch(/P6[^·]*· request/);
        await expectOnPage(() => timeline.textContent()).toMatch(/refund 201/i);
        await expectOnPage(() => page.getByTestId("member-balance").textContent()).toContain("60,000");
        await snap(page, "staff-08-order-refunded");

        // In the audit trail: the refund on one line (its attempt folded in), and the agent's refused attempt.
        await page.goto(`${portal.origin}/staff/audit?action=order.refunded`);
        const refundLines = page.locator("[data-audit-row]");
        await expectCount(refundLines, 2);
        await expectOnPage(() => refundLines.allTextContents()).toEqual([
          expect.stringContaining("Succeeded"),
          expect.stringMatching(/Refused: role not allowed[\s\S]*staff\.agent/),
        ]);
      },
    );
  });

  it("staff.admin creates an agent whose one-time password opens the console; disabling it ends that session and refuses the password", async () => {
    const admin = await newStaffPage(portal);
    await admin.goto(`${portal.origin}/staff/login`);
    await fillStaffLogin(admin, "staff.admin");
    await admin.goto(`${portal.origin}/staff/accounts`);
    const create = admin.getByRole("form", { name: "Create a staff account" });
    const createButton = await hydrated(create.getByRole("button", { name: "Create account" }));
    // No reason, no account.
    await create.getByLabel("Username").fill("Pat.Newcomer");
    await createButton.click();
    await expectOnPage(() => create.getByLabel("Reason").getAttribute("aria-invalid")).toBe("true");
    await create.getByLabel("Role").selectOption("AGENT");
    await create.getByLabel("Reason").fill("New help-desk agent, starts Monday");
    await createButton.click();
    const shownOnce = await shown(create.getByTestId("one-time-password"));
    const newPassword = ((await shownOnce.textContent()) ?? "").trim();
    expect(newPassword.length).toBeGreaterThanOrEqual(12);
    await expectOnPage(() => create.getByRole("status").textContent()).toContain("Password for pat.newcomer");
    await snap(admin, "staff-09-account-created");

    // The new agent signs in with it, and is an agent: no audit trail.
    const agent = await newStaffPage(portal);
    await agent.goto(`${portal.origin}/staff/login`);
    await fillStaffLogin(agent, "pat.newcomer", newPassword);
    const agentNav = agent.getByRole("navigation", { name: "Staff console" });
    await shown(agentNav.getByRole("link", { name: "Find a member" }));
    await expectAbsent(agentNav.getByRole("link", { name: "Audit trail" }), {
      once: agentNav.getByRole("link", { name: "Find a member" }),
    });

    // The admin disables it: the agent's open session ends at once, and the password no longer opens the console.
    await admin.reload();
    const account = admin.getByRole("form", { name: "Change pat.newcomer" });
    const disable = await hydrated(account.getByRole("button", { name: "Disable account" }));
    await account.getByLabel("Reason").fill("Left the help desk");
    await disable.click();
    await expectOnPage(() =>
      admin.getByRole("status").filter({ hasText: "pat.newcomer is disabled" }).textContent(),
    ).toContain("1 session ended");
    await agent.goto(`${portal.origin}/staff`);
    await agent.waitForURL((url) => url.pathname === "/staff/login");
    await agent.getByLabel("Username").fill("pat.newcomer");
    await agent.getByLabel("Password").fill(newPassword);
    await (await hydrated(agent.getByRole("button", { name: "Log in" }))).click();
    await expectOnPage(() => agent.getByRole("alert").filter({ hasText: "disabled" }).textContent()).toContain(
      "This staff account is disabled.",
    );

    // Both changes are in the audit trail, with their reasons.
    await admin.goto(`${portal.origin}/staff/audit`);
    const trail = admin.locator("[data-audit-row]");
    await expectOnPage(() => trail.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Left the help desk"),
        expect.stringContaining("New help-desk agent, starts Monday"),
      ]),
    );
  });

  // One test per account: each walks several pages with axe, and a slow machine needs each its own time budget.
  it("serves the staff login at 360 px without sideways scrolling or serious axe violations", async () => {
    const anonymous = await newStaffPage(portal, 360);
    await anonymous.goto(`${portal.origin}/staff/login`);
    await shown(anonymous.getByRole("button", { name: "Log in" }));
    await anonymous.getByRole("button", { name: "Log in" }).click();
    await shown(anonymous.getByText("Enter your username."));
    await expectNoOverflow(anonymous);
    expect(await seriousViolations(anonymous)).toEqual([]);
    await snap(anonymous, "staff-360-login");
  });

  it.each(["staff.agent", "staff.admin"])(
    "serves every console page %s reaches at 360 px without sideways scrolling or serious axe violations",
    async (username) => {
      const page = await newStaffPage(portal, 360);
      await page.goto(`${portal.origin}/staff/login`);
      await fillStaffLogin(page, username);
      const pages = [
        { path: "/staff", heading: "Find a member" },
        { path: "/staff?q=shopper", heading: "Find a member", wait: "Members matching" },
        { path: `/staff/members/${shopper.membershipNumber}`, heading: "Casey Shopper" },
        { path: `/staff/members/${shopper.membershipNumber}/edit`, heading: "Edit profile" },
        { path: "/staff/attention", heading: "Needs attention" },
        ...(username === "staff.admin"
          ? [
              { path: `/staff/members/${shopper.membershipNumber}/credit`, heading: "Credit goodwill points" },
              { path: "/staff/audit", heading: "Audit trail" },
              { path: "/staff/accounts", heading: "Staff accounts" },
            ]
          : [{ path: "/staff/audit", heading: "Not available to your role" }]),
      ];
      for (const entry of pages) {
        await page.goto(`${portal.origin}${entry.path}`);
        await shown(page.getByRole("heading", { level: 1, name: entry.heading }));
        if (entry.wait) await shown(page.getByText(entry.wait));
        await expectNoOverflow(page);
        expect(await seriousViolations(page), `${username} ${entry.path}`).toEqual([]);
        await snap(page, `staff-360-${username}-${entry.path}`);
      }
    },
  );
});

import { describe, expect, it } from "vitest";
import { demoPaths } from "@/lib/portal/demo-paths";
import { orderStepName, orderStepSentence } from "@/lib/portal/staff/order-step-words";
import { mayDo, type StaffPermission, type StaffRole } from "@/lib/portal/staff/staff-roles";
import sandbox from "@/sandbox.json";
import {
  dayInZone,
  formatDay,
  formatStaffDateTime,
  formatStaffTimestamp,
  lastDays,
} from "@/lib/portal/staff/staff-dates";
import { refundOutcome } from "@/lib/portal/staff/refund-words";
import { countOf } from "@/lib/portal/staff/staff-plurals";
import { isTimeZone, staffTimeZoneOf } from "@/lib/portal/staff/staff-time-zone";

describe("the console's plurals", () => {
  it.each([
    [0, "0 open sessions"],
    [1, "1 open session"],
    [2, "2 open sessions"],
    [1200, "1,200 open sessions"],
  ])("%i reads %s", (count, words) => {
    expect(countOf(count, { one: "open session", other: "open sessions" })).toBe(words);
  });
});

describe("the staff member's time zone", () => {
  it("takes an IANA zone the browser reports and refuses anything else", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    for (const bad of ["", "Mars/Olympus_Mons", "Europe/London; path=/", "<script>", "x".repeat(65), undefined]) {
      expect(isTimeZone(bad), String(bad)).toBe(false);
    }
    expect(staffTimeZoneOf(undefined)).toBe("UTC");
    expect(staffTimeZoneOf("Nowhere/Else")).toBe("UTC");
    expect(staffTimeZoneOf("Asia/Tokyo")).toBe("Asia/Tokyo");
  });
});

describe("dates as staff read them", () => {
  const instant = "2026-03-29T23:30:00Z";

  it("always carry the year, in the staff member's zone, which is named", () => {
    expect(formatStaffDateTime(instant, "UTC")).toBe("29 March 2026 at 23:30 UTC");
    expect(formatStaffDateTime(instant, "Europe/London")).toBe("30 March 2026 at 00:30 BST");
    expect(formatStaffTimestamp(instant, "America/New_York")).toBe("29 Mar 2026, 19:30:00 GMT-4");
    expect(formatStaffDateTime("not a date", "UTC")).toBe("not a date");
  });

  it("count calendar days in the zone, across a change of the clocks", () => {
    expect(dayInZone(new Date(instant), "UTC")).toBe("2026-03-29");
    expect(dayInZone(new Date(instant), "Pacific/Auckland")).toBe("2026-03-30");
    const days = lastDays(new Date("2026-04-01T00:30:00Z"), "America/Los_Angeles", 5);
    expect(days).toEqual(["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"]);
    expect(formatDay("2026-03-29")).toBe("29 Mar 2026");
    expect(formatDay("2026-03-29", false)).toBe("29 Mar");
  });
});

describe("a refund's outcome in words", () => {
  it("names what was given back, by the state the saga answered", () => {
    const paid = { points: "9,000 points", cash: "£90.00" };
    expect(refundOutcome("cancelled", paid)).toBe("Refunded £90.00 and 9,000 points.");
    expect(refundOutcome("cancelled", { points: "500 points", cash: null })).toBe("Refunded 500 points.");
    expect(refundOutcome("cancelling", paid)).toMatch(/^The refund of £90.00 and 9,000 points is under way/);
    expect(refundOutcome("needs_attention", paid)).toBe(
      "The refund of £90.00 and 9,000 points did not finish: the order now needs attention.",
    );
  });
});

describe("an order's timeline in words", () => {
  it("names each step, never its code", () => {
    expect(orderStepName("card_authorised")).toBe("Card payment held");
    expect(orderStepName("points_debited")).toBe("Points debited");
    expect(orderStepName("cancelling")).toBe("Refund asked");
    expect(orderStepName("debit_replayed")).toBe("Debit replayed");
  });

  it("reads a staff refund's and a settlement's stored sentence as staff would say it", () => {
    expect(orderStepSentence("Refund by staff.admin of staff: Flight cancelled by the airline")).toBe(
      "Refund asked by staff.admin. Reason: Flight cancelled by the airline",
    );
    expect(orderStepSentence("Settled by staff.admin of staff (nothing was taken): Checked with the processor")).toBe(
      "Settled by staff.admin as “nothing was taken”. Reason: Checked with the processor",
    );
    expect(orderStepSentence("9,000 points debited (transaction 0000123)")).toBe(
      "9,000 points debited (transaction 0000123)",
    );
  });
});

describe("the home page's staff path", () => {
  const permissionOf = (href: string): StaffPermission | undefined => {
    if (href === "/staff/login") return undefined;
    if (href === "/staff") return "member.view";
    if (/^\/staff\/members\/\d+\/edit$/.test(href)) return "member.edit";
    if (href === "/staff/audit") return "audit.view";
    throw new Error(`no permission known for ${href}`);
  };

  it("gives each role it signs in as only steps that role may take", () => {
    const path = demoPaths.find((each) => each.id === "staff")!;
    let role: StaffRole | undefined;
    const roles = new Set<StaffRole>();
    for (const step of path.steps) {
      const username = step.type?.find((typed) => typed.label === "Username")?.value;
      const account = sandbox.staff.find((staff) => staff.username === username);
      if (account) role = account.role as StaffRole;
      expect(role, `${step.title}: signed in by then`).toBeDefined();
      roles.add(role!);
      for (const href of [step.href, ...(step.also ?? []).map((link) => link.href)]) {
        const permission = permissionOf(href);
        if (permission) expect(mayDo(role!, permission), `${step.title}: ${href} as ${role}`).toBe(true);
      }
    }
    expect([...roles].sort()).toEqual(["ADMIN", "AGENT"]);
  });
});

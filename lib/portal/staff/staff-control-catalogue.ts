import { formatPoints } from "@/lib/i18n/format";

/**
 * The staff console's controls over money, as an administrator changes them
 * (/staff/controls): what each is called, the unit the form takes and shows,
 * and how that maps to the stored value. For every one of them a lower value
 * is the stricter: a lower threshold sends more to a second administrator, a
 * lower daily limit lets less through, a shorter expiry leaves a request less
 * time to be approved. So a change down applies at once, and a change up
 * waits for another administrator (docs/staff-console.md, "Changing the
 * controls").
 */
export const staffControlNames = [
  "goodwillApprovalPoints",
  "refundApprovalCashMinor",
  "approvalExpiryMinutes",
  "adminDailyGoodwillPoints",
  "agentDailyGoodwillPoints",
] as const;
export type StaffControlName = (typeof staffControlNames)[number];

/** What a change came to: in force at once (stricter), or waiting for a second administrator (looser). */
export type ControlChangeOutcome =
  | { outcome: "applied"; control: StaffControlName; from: number; to: number }
  | { outcome: "pending"; control: StaffControlName; from: number; to: number; requestId: string; expiresAt: string };

export interface StaffControlDefinition {
  /** Its name in the form's list, short enough for a phone. */
  name: string;
  label: string;
  /** What the value means, under the field. */
  hint: string;
  /** The form's unit: whole points, an amount of cash with pence, whole hours. */
  unit: "points" | "cash" | "hours";
  /** The highest value the form accepts, in the stored unit. */
  maxStored: number;
}

export const staffControls: Record<StaffControlName, StaffControlDefinition> = {
  goodwillApprovalPoints: {
    name: "Goodwill approval threshold",
    label: "Goodwill credits above this need a second administrator",
    hint: "Points. A credit of more points waits in Approvals.",
    unit: "points",
    maxStored: 999_999,
  },
  refundApprovalCashMinor: {
    name: "Refund approval threshold",
    label: "Refunds whose card part is above this need a second administrator",
    hint: "An amount such as 250.00. A refund of more cash waits in Approvals.",
    unit: "cash",
    maxStored: 100_000_000,
  },
  approvalExpiryMinutes: {
    name: "Request expiry",
    label: "A request waiting for approval expires after",
    hint: "Whole hours, from 1 to 720 (30 days).",
    unit: "hours",
    maxStored: 720 * 60,
  },
  adminDailyGoodwillPoints: {
    name: "Administrators' daily goodwill limit",
    label: "Goodwill points each administrator may put in motion per day",
    hint: "Points per UTC day; 0 for none.",
    unit: "points",
    maxStored: 100_000_000,
  },
  agentDailyGoodwillPoints: {
    name: "Agents' daily goodwill limit",
    label: "Goodwill points each agent may put in motion per day",
    hint: "Points per UTC day; 0 for none.",
    unit: "points",
    maxStored: 100_000_000,
  },
};

export function isStaffControlName(value: unknown): value is StaffControlName {
  return typeof value === "string" && (staffControlNames as readonly string[]).includes(value);
}

/** The stored value in the form's unit, as the field shows it ("250.00", "72", "10000"). */
export function controlFieldValue(control: StaffControlName, stored: number): string {
  switch (staffControls[control].unit) {
    case "cash":
      return (stored / 100).toFixed(2);
    case "hours":
      return String(Math.round(stored / 60));
    default:
      return String(stored);
  }
}

/** A value as the console reads it: "10,000 points", "£250.00", "72 hours (3 days)". */
export function describeControlValue(control: StaffControlName, stored: number): string {
  switch (staffControls[control].unit) {
    case "cash":
      return new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(stored / 100);
    case "hours": {
      const hours = stored / 60;
      const text = `${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }).format(hours)} ${hours === 1 ? "hour" : "hours"}`;
      return hours >= 24 && hours % 24 === 0 ? `${text} (${hours / 24} ${hours === 24 ? "day" : "days"})` : text;
    }
    default:
      return stored === 0 ? "none" : `${formatPoints(stored)} points`;
  }
}

/**
 * The field's text as the stored value, or why not: whole points, an amount
 * with at most two decimals, whole hours from 1 up.
 */
export function parseControlValue(
  control: StaffControlName,
  text: string,
): { ok: true; stored: number } | { ok: false; message: string } {
  const { unit, maxStored } = staffControls[control];
  const value = text.trim().replaceAll(",", "");
  let stored: number;
  if (unit === "cash") {
    if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(value)) return { ok: false, message: "Enter an amount such as 250.00." };
    const [whole = "0", pence = ""] = value.split(".");
    stored = Number(whole) * 100 + Number(pence.padEnd(2, "0"));
  } else {
    if (!/^\d{1,9}$/.test(value)) return { ok: false, message: `Enter a whole number of ${unit}.` };
    stored = unit === "hours" ? Number(value) * 60 : Number(value);
    if (unit === "hours" && stored < 60) return { ok: false, message: "A request must wait at least 1 hour." };
  }
  if (stored > maxStored) return { ok: false, message: `At most ${describeControlValue(control, maxStored)}.` };
  return { ok: true, stored };
}

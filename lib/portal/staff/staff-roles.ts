/** The staff console's roles: call-centre agents and administrators. */
export const staffRoles = ["AGENT", "ADMIN"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * What each role may do. Pages hide what a role may not do and the server
 * refuses it anyway (every page and server action asks `mayDo`).
 */
export const staffPermissions = {
  /** Use the console at all (sign out, the home page). */
  "console.use": ["AGENT", "ADMIN"],
  /** Find members, read their profile, balance, transactions and orders. */
  "member.view": ["AGENT", "ADMIN"],
  /** Change a member's profile (P8 as the agent). */
  "member.edit": ["AGENT", "ADMIN"],
  /** See email and phone in full without revealing them one by one. */
  "member.contact": ["ADMIN"],
  /** Orders the saga could not settle by itself. */
  "attention.view": ["AGENT", "ADMIN"],
  "order.refund": ["ADMIN"],
  "order.settle": ["ADMIN"],
  /** Goodwill points (P4). */
  "points.credit": ["ADMIN"],
  /** Approve or reject another administrator's request (a large goodwill credit or refund). */
  "request.decide": ["ADMIN"],
  "audit.view": ["ADMIN"],
  /** The thresholds, expiry and daily limits (/staff/controls): stricter at once, looser with a second administrator. */
  "controls.change": ["ADMIN"],
  "staff.manage": ["ADMIN"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof staffPermissions;

export function mayDo(role: StaffRole, permission: StaffPermission): boolean {
  return (staffPermissions[permission] as readonly StaffRole[]).includes(role);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export const roleLabels: Record<StaffRole, string> = { AGENT: "Agent", ADMIN: "Administrator" };

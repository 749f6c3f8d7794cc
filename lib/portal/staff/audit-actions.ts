/**
 * Every action the staff audit trail records, with the words the audit
 * page shows for it. Stored as the key (`member.viewed`).
 */
export const auditActions = {
  "staff.signed_in": "Signed in",
  "staff.signed_out": "Signed out",
  "staff.created": "Staff account created",
  "staff.disabled": "Staff account disabled",
  "staff.password_reset": "Staff password reset",
  "member.searched": "Members searched",
  "member.viewed": "Member viewed",
  "member.contact_revealed": "Contact details revealed",
  "profile.updated": "Profile updated",
  "points.credited": "Goodwill points credited",
  "order.refunded": "Order refunded",
  "order.settled": "Order settled",
  "audit.exported": "Audit trail exported",
} as const;
export type AuditAction = keyof typeof auditActions;
export const auditActionNames = Object.keys(auditActions) as AuditAction[];

/** What became of an action: a local change only succeeds (or writes nothing); a remote one is recorded around its call. */
export const auditOutcomes = ["succeeded", "attempted", "failed", "unknown"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

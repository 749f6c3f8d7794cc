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
  "points.credit_requested": "Goodwill credit requested",
  "order.refunded": "Order refunded",
  "order.refund_requested": "Refund requested",
  "request.approved": "Request approved",
  "request.rejected": "Request rejected",
  "request.resent": "Request sent again",
  "order.settled": "Order settled",
  "control.changed": "Control changed",
  "control.change_requested": "Control change requested",
  "audit.exported": "Audit trail exported",
  "page.refused": "Page refused",
} as const;
export type AuditAction = keyof typeof auditActions;
export const auditActionNames = Object.keys(auditActions) as AuditAction[];

/**
 * What became of an action: a local change only succeeds (or writes
 * nothing); a remote one is recorded around its call (`attempted`, then
 * its outcome); `refused` is a role trying what it may not do.
 */
export const auditOutcomes = ["succeeded", "attempted", "failed", "unknown", "refused"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/** The outcomes in the console's words. */
export const auditOutcomeLabels: Record<AuditOutcome, string> = {
  succeeded: "Succeeded",
  attempted: "Under way",
  failed: "Failed",
  unknown: "Outcome unknown",
  refused: "Refused: role not allowed",
};

import "server-only";
import { auditFieldsLine } from "@/lib/portal/staff/audit-fields";
import type { AuditLine } from "./find-audit-events";

/**
 * The export's columns, in order: one line per action, as on screen (an
 * attempt folded into its outcome, with when it was attempted), before and
 * after as readable fields.
 */
export const auditCsvColumns = [
  "id",
  "at",
  "attempted_at",
  "actor",
  "actor_role",
  "action",
  "outcome",
  "target_type",
  "target_id",
  "membership_number",
  "reason_code",
  "reason",
  "before",
  "after",
  "ip",
  "request_id",
] as const;

/**
 * One CSV field (RFC 4180), always quoted with quotes doubled: a spreadsheet
 * that splits on ";" or a tab (a locale's default) then still reads one cell,
 * so `x;=1+1;y` cannot become a formula cell. A text that a spreadsheet would
 * run as a formula (=, +, -, @, tab, carriage return first) is prefixed with
 * an apostrophe (OWASP's CSV injection advice), whatever the column: a reason
 * is typed by staff, and the export is opened by an administrator.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const fields = (value: unknown) => (value === null || value === undefined ? null : auditFieldsLine(value));

/** One line as a CSV line (CRLF-terminated). */
export function auditCsvLine(row: AuditLine): string {
  const values: Array<string | number | null> = [
    row.id,
    row.at.toISOString(),
    row.attemptedAt?.toISOString() ?? null,
    row.actor,
    row.actorRole,
    row.action,
    row.outcome,
    row.targetType,
    row.targetId,
    row.membershipNumber,
    row.reasonCode,
    row.reason,
    fields(row.before),
    fields(row.after),
    row.ip,
    row.requestId,
  ];
  return `${values.map(csvField).join(",")}\r\n`;
}

export const auditCsvHeader = `${auditCsvColumns.map(csvField).join(",")}\r\n`;

import "server-only";
import type { AuditEventRow } from "./append-audit-event";

/** The export's columns, in order: every column of the trail. */
export const auditCsvColumns = [
  "id",
  "at",
  "actor",
  "actor_role",
  "action",
  "outcome",
  "target_type",
  "target_id",
  "membership_number",
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

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** One row as a CSV line (CRLF-terminated). */
export function auditCsvLine(row: AuditEventRow): string {
  const values: Array<string | number | null> = [
    row.id,
    row.at.toISOString(),
    row.actor,
    row.actorRole,
    row.action,
    row.outcome,
    row.targetType,
    row.targetId,
    row.membershipNumber,
    row.reason,
    json(row.before),
    json(row.after),
    row.ip,
    row.requestId,
  ];
  return `${values.map(csvField).join(",")}\r\n`;
}

export const auditCsvHeader = `${auditCsvColumns.map(csvField).join(",")}\r\n`;

import { auditActionNames, type AuditAction } from "./audit-actions";
import { isMembershipNumber } from "./member-number";

/** The audit page's filters, kept in its URL (shareable, and the export link carries the same). */
export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  membershipNumber?: string;
  /** A reason code (portal.staff_reason_codes). */
  reasonCode?: string;
  /** `YYYY-MM-DD`, UTC, inclusive. */
  from?: string;
  /** `YYYY-MM-DD`, UTC, inclusive. */
  to?: string;
}

export interface AuditFilterProblem {
  field: "actor" | "action" | "member" | "reason" | "from" | "to";
  message: string;
}

type SearchParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === "" ? undefined : first.trim();
};

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The filters and page from the URL; a value that cannot be one is reported and not applied. */
export function parseAuditSearch(params: SearchParams): {
  filters: AuditFilters;
  page: number;
  problems: AuditFilterProblem[];
} {
  const problems: AuditFilterProblem[] = [];
  const filters: AuditFilters = {};
  const actor = single(params.actor);
  if (actor !== undefined) {
    if (/^[a-z0-9._-]{1,50}$/i.test(actor)) filters.actor = actor.toLowerCase();
    else problems.push({ field: "actor", message: "Choose a member of staff from the list." });
  }
  const action = single(params.action);
  if (action !== undefined) {
    if ((auditActionNames as string[]).includes(action)) filters.action = action as AuditAction;
    else problems.push({ field: "action", message: "Choose an action from the list." });
  }
  const member = single(params.member)?.replace(/\s+/g, "");
  if (member !== undefined) {
    if (isMembershipNumber(member)) filters.membershipNumber = member;
    else problems.push({ field: "member", message: "A membership number has 16 to 24 digits." });
  }
  const reasonCode = single(params.reason);
  if (reasonCode !== undefined) {
    if (/^[a-z_]{1,30}$/.test(reasonCode)) filters.reasonCode = reasonCode;
    else problems.push({ field: "reason", message: "Choose a reason from the list." });
  }
  for (const field of ["from", "to"] as const) {
    const value = single(params[field]);
    if (value === undefined) continue;
    if (isCalendarDay(value)) filters[field] = value;
    else problems.push({ field, message: `${field === "from" ? "From" : "To"} must be a date (YYYY-MM-DD).` });
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.push({ field: "to", message: "To must be on or after From." });
    delete filters.to;
  }
  const requested = Number(single(params.page) ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, 10_000) : 1;
  return { filters, page, problems };
}

/** The query string of a set of filters (and page), for links: the pager and "Export CSV". */
export function auditSearchString(filters: AuditFilters, page?: number): string {
  const query = new URLSearchParams();
  if (filters.actor) query.set("actor", filters.actor);
  if (filters.action) query.set("action", filters.action);
  if (filters.membershipNumber) query.set("member", filters.membershipNumber);
  if (filters.reasonCode) query.set("reason", filters.reasonCode);
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  if (page && page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `?${search}` : "";
}

import { recordLimits, type TransactionsVariant } from "@/lib/contract/retrieve-transactions";

/** Transactions per page in the portal. */
export const transactionsPageSize = 10;

export interface TransactionFilters {
  page: number;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  /** `YYYY-MM-DD`, inclusive as members read it (the API's date-made-to excludes its day). */
  to?: string;
}

export interface FilterProblem {
  field: "from" | "to";
  /** What is wrong, for the page to word in its language (the catalogue's transactions.filters.problems). */
  kind: "notADate" | "toBeforeFrom";
  /** The same in English. */
  message: string;
}

type SearchParams = Record<string, string | string[] | undefined>;

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

/** The last page a variant can reach: its record range (primary 1–20, other 1–99999) cut in pages. */
export function lastPage(variant: TransactionsVariant): number {
  return Math.ceil(recordLimits[variant] / transactionsPageSize);
}

function single(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === "" ? undefined : first.trim();
}

function isCalendarDay(value: string): boolean {
  if (!calendarDay.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The page's filters from its URL (kept shareable): a page number within the
 * variant's range and two optional days. Bad values are reported, never sent.
 */
export function parseTransactionSearch(
  params: SearchParams,
  variant: TransactionsVariant,
): { filters: TransactionFilters; problems: FilterProblem[] } {
  const problems: FilterProblem[] = [];
  const requestedPage = Number(single(params.page) ?? "1");
  const page = Number.isInteger(requestedPage) ? Math.min(Math.max(requestedPage, 1), lastPage(variant)) : 1;

  const day = (field: "from" | "to", label: string) => {
    const value = single(params[field]);
    if (value === undefined) return undefined;
    if (isCalendarDay(value)) return value;
    problems.push({ field, kind: "notADate", message: `${label} must be a date (YYYY-MM-DD).` });
    return undefined;
  };
  const from = day("from", "From");
  const to = day("to", "To");
  if (from && to && from > to)
    problems.push({ field: "to", kind: "toBeforeFrom", message: "To must be on or after From." });
  return { filters: { page, ...(from ? { from } : {}), ...(to ? { to } : {}) }, problems };
}

/** The next calendar day: the API's date-made-to excludes its day, the portal's "to" includes it. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The record range and dates to ask for: one record beyond the page when
 * the variant allows it, to know whether a next page exists without
 * counting (the API returns no total).
 */
export function planTransactionRequest(variant: TransactionsVariant, filters: TransactionFilters) {
  const startRecord = (filters.page - 1) * transactionsPageSize + 1;
  const endRecord = Math.min(filters.page * transactionsPageSize + 1, recordLimits[variant]);
  return {
    startRecord,
    endRecord,
    ...(filters.from ? { dateMadeFrom: filters.from } : {}),
    ...(filters.to ? { dateMadeTo: dayAfter(filters.to) } : {}),
  };
}

/** The shareable address of a page of the history with the same filters. */
export function transactionsHref(filters: TransactionFilters, page: number): string {
  const query = new URLSearchParams();
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/transactions?${search}` : "/transactions";
}

import { recordLimits, type TransactionsVariant } from "@/lib/contract/retrieve-transactions";

/** Transactions per page in the portal. */
export const transactionsPageSize = 10;

/**
 * Pages read ahead in the same call, to tell the member how many pages there
 * are (the API returns no total): up to this many beyond the one shown. A
 * longer history reads "Page 1 of 6 or more".
 */
export const pagesReadAhead = 4;

/** The highest page number the address may name (beyond it, the first page). */
const highestPage = Math.ceil(recordLimits.other / transactionsPageSize);

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

/** Where the member is in the history: page 2 of 3, or of at least 6 when the history goes on beyond what was read. */
export interface PagePosition {
  page: number;
  pages: number;
  /** More pages follow beyond `pages` (not counted). */
  more: boolean;
}

type SearchParams = Record<string, string | string[] | undefined>;

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;
/** A day as the portal's five languages write it: day first, then month, then a four-digit year. */
const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

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
 * A day as the address gives it, `YYYY-MM-DD` or as the member writes it
 * (31/01/2026, 31.01.2026, 31-1-2026: day first in all five languages),
 * as `YYYY-MM-DD`; undefined when it is no day of the calendar.
 */
export function readDay(value: string): string | undefined {
  if (isCalendarDay(value)) return value;
  const parts = dayFirst.exec(value);
  if (!parts) return undefined;
  const iso = `${parts[3]}-${parts[2]!.padStart(2, "0")}-${parts[1]!.padStart(2, "0")}`;
  return isCalendarDay(iso) ? iso : undefined;
}

/**
 * The page's filters from its URL (kept shareable): a page number and two
 * optional days. A page beyond the variant's range is kept as asked, for the
 * page to say there is none (`beyondLimit`) rather than show another one
 * under its number; a number that is not one reads as the first page. Bad
 * days are reported, never sent.
 */
export function parseTransactionSearch(
  params: SearchParams,
  variant: TransactionsVariant,
): { filters: TransactionFilters; problems: FilterProblem[]; beyondLimit: boolean } {
  const problems: FilterProblem[] = [];
  const asked = single(params.page) ?? "1";
  const requestedPage = /^\d{1,6}$/.test(asked) ? Number(asked) : 1;
  const page = Math.min(Math.max(requestedPage, 1), highestPage);

  const day = (field: "from" | "to", label: string) => {
    const value = single(params[field]);
    if (value === undefined) return undefined;
    const day = readDay(value);
    if (day) return day;
    problems.push({ field, kind: "notADate", message: `${label} must be a date, such as 31/01/2026.` });
    return undefined;
  };
  const from = day("from", "From");
  const to = day("to", "To");
  if (from && to && from > to)
    problems.push({ field: "to", kind: "toBeforeFrom", message: "To must be on or after From." });
  return {
    filters: { page, ...(from ? { from } : {}), ...(to ? { to } : {}) },
    problems,
    beyondLimit: page > lastPage(variant),
  };
}

/** The next calendar day: the API's date-made-to excludes its day, the portal's "to" includes it. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The record range and dates to ask for: the page, then up to
 * `pagesReadAhead` pages and one record more, within the variant's range,
 * so one call tells how many pages follow (the API returns no total).
 */
export function planTransactionRequest(variant: TransactionsVariant, filters: TransactionFilters) {
  const startRecord = (filters.page - 1) * transactionsPageSize + 1;
  const endRecord = Math.min((filters.page + pagesReadAhead) * transactionsPageSize + 1, recordLimits[variant]);
  return {
    startRecord,
    endRecord,
    ...(filters.from ? { dateMadeFrom: filters.from } : {}),
    ...(filters.to ? { dateMadeTo: dayAfter(filters.to) } : {}),
  };
}

/**
 * Where the page is, from how many records the call found from its first
 * one on: the pages they fill, counted exactly when the call read to the
 * history's end (fewer records than asked for, or the variant's last record).
 */
export function pagePosition(
  variant: TransactionsVariant,
  filters: TransactionFilters,
  recordsFound: number,
): PagePosition {
  const { startRecord, endRecord } = planTransactionRequest(variant, filters);
  const asked = endRecord - startRecord + 1;
  const pages = filters.page - 1 + Math.max(1, Math.ceil(Math.min(recordsFound, asked) / transactionsPageSize));
  const readToEnd = recordsFound < asked || endRecord === recordLimits[variant];
  if (readToEnd) return { page: filters.page, pages: Math.min(pages, lastPage(variant)), more: false };
  // The extra record says more follow; the pages counted are those read ahead in full.
  return { page: filters.page, pages: filters.page + pagesReadAhead, more: true };
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

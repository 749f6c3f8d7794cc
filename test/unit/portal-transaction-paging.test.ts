import { describe, expect, it } from "vitest";
import {
  dayAfter,
  lastPage,
  parseTransactionSearch,
  planTransactionRequest,
  transactionsHref,
} from "@/lib/portal/transaction-paging";

describe("the transactions page's paging and dates", () => {
  it("pages within each variant's record range: primary 1–20, other 1–99999, by 10", () => {
    expect(lastPage("primary")).toBe(2);
    expect(lastPage("other")).toBe(10_000);
    // One record beyond the page tells whether another page follows; never beyond the variant's limit.
    expect(planTransactionRequest("primary", { page: 1 })).toEqual({ startRecord: 1, endRecord: 11 });
    expect(planTransactionRequest("primary", { page: 2 })).toEqual({ startRecord: 11, endRecord: 20 });
    expect(planTransactionRequest("other", { page: 3 })).toEqual({ startRecord: 21, endRecord: 31 });
    expect(planTransactionRequest("other", { page: 10_000 })).toEqual({ startRecord: 99_991, endRecord: 99_999 });
  });

  it("keeps page numbers within range", () => {
    expect(parseTransactionSearch({ page: "7" }, "primary").filters.page).toBe(2);
    expect(parseTransactionSearch({ page: "0" }, "other").filters.page).toBe(1);
    expect(parseTransactionSearch({ page: "x" }, "other").filters.page).toBe(1);
    expect(parseTransactionSearch({ page: ["3", "4"] }, "other").filters.page).toBe(3);
  });

  it("turns the inclusive 'to' day into the API's exclusive date-made-to", () => {
    expect(planTransactionRequest("other", { page: 1, from: "2026-01-01", to: "2026-01-31" })).toMatchObject({
      dateMadeFrom: "2026-01-01",
      dateMadeTo: "2026-02-01",
    });
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
    expect(dayAfter("2028-02-28")).toBe("2028-02-29");
    expect(dayAfter("2027-02-28")).toBe("2027-03-01");
  });

  it("reports bad dates instead of sending them", () => {
    expect(parseTransactionSearch({ from: "2026-02-30" }, "primary").problems).toEqual([
      { field: "from", kind: "notADate", message: "From must be a date (YYYY-MM-DD)." },
    ]);
    expect(parseTransactionSearch({ to: "yesterday" }, "primary").problems).toEqual([
      { field: "to", kind: "notADate", message: "To must be a date (YYYY-MM-DD)." },
    ]);
    expect(parseTransactionSearch({ from: "2026-03-02", to: "2026-03-01" }, "primary").problems).toEqual([
      { field: "to", kind: "toBeforeFrom", message: "To must be on or after From." },
    ]);
    const sameDay = parseTransactionSearch({ from: "2026-03-01", to: "2026-03-01" }, "primary");
    expect(sameDay.problems).toEqual([]);
    expect(planTransactionRequest("primary", sameDay.filters)).toMatchObject({
      dateMadeFrom: "2026-03-01",
      dateMadeTo: "2026-03-02",
    });
    expect(parseTransactionSearch({ from: "", to: " " }, "primary")).toEqual({ filters: { page: 1 }, problems: [] });
  });

  it("writes shareable addresses", () => {
    expect(transactionsHref({ page: 1 }, 1)).toBe("/transactions");
    expect(transactionsHref({ page: 1, from: "2026-01-01", to: "2026-01-31" }, 2)).toBe(
      "/transactions?from=2026-01-01&to=2026-01-31&page=2",
    );
  });
});

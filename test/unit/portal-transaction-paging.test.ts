import { describe, expect, it } from "vitest";
import {
  dayAfter,
  lastPage,
  pagePosition,
  parseTransactionSearch,
  readDay,
  planTransactionRequest,
  transactionsHref,
} from "@/lib/portal/transaction-paging";

describe("the transactions page's paging and dates", () => {
  it("pages within each variant's record range: primary 1–20, other 1–99999, by 10", () => {
    expect(lastPage("primary")).toBe(2);
    expect(lastPage("other")).toBe(10_000);
    // Four pages ahead and one record more tell how many pages follow; never beyond the variant's limit.
    expect(planTransactionRequest("primary", { page: 1 })).toEqual({ startRecord: 1, endRecord: 20 });
    expect(planTransactionRequest("primary", { page: 2 })).toEqual({ startRecord: 11, endRecord: 20 });
    expect(planTransactionRequest("other", { page: 3 })).toEqual({ startRecord: 21, endRecord: 71 });
    expect(planTransactionRequest("other", { page: 10_000 })).toEqual({ startRecord: 99_991, endRecord: 99_999 });
  });

  it("keeps a page beyond the range as asked, for the page to say there is none", () => {
    expect(parseTransactionSearch({ page: "99" }, "primary")).toMatchObject({
      filters: { page: 99 },
      beyondLimit: true,
    });
    expect(parseTransactionSearch({ page: "2" }, "primary").beyondLimit).toBe(false);
    expect(parseTransactionSearch({ page: "0" }, "other").filters.page).toBe(1);
    expect(parseTransactionSearch({ page: "x" }, "other").filters.page).toBe(1);
    expect(parseTransactionSearch({ page: "-3" }, "other").filters.page).toBe(1);
    expect(parseTransactionSearch({ page: ["3", "4"] }, "other").filters.page).toBe(3);
  });

  it("tells where the page is: of how many, or of at least how many", () => {
    // Northstar: 29 transactions, 20 retrievable; page 1 reads records 1–20.
    expect(pagePosition("primary", { page: 1 }, 20)).toEqual({ page: 1, pages: 2, more: false });
    expect(pagePosition("primary", { page: 1 }, 7)).toEqual({ page: 1, pages: 1, more: false });
    expect(pagePosition("primary", { page: 2 }, 10)).toEqual({ page: 2, pages: 2, more: false });
    // Meridian: 12 transactions.
    expect(pagePosition("other", { page: 1 }, 12)).toEqual({ page: 1, pages: 2, more: false });
    expect(pagePosition("other", { page: 2 }, 2)).toEqual({ page: 2, pages: 2, more: false });
    expect(pagePosition("other", { page: 1 }, 30)).toEqual({ page: 1, pages: 3, more: false });
    // The window is full and one record more came back: at least five pages, more follow.
    expect(pagePosition("other", { page: 1 }, 51)).toEqual({ page: 1, pages: 5, more: true });
    expect(pagePosition("other", { page: 1 }, 50)).toEqual({ page: 1, pages: 5, more: false });
  });

  it("reads a day written day first, as the portal's languages write it", () => {
    expect(readDay("31/01/2026")).toBe("2026-01-31");
    expect(readDay("1.2.2026")).toBe("2026-02-01");
    expect(readDay("31-12-2026")).toBe("2026-12-31");
    expect(readDay("2026-03-10")).toBe("2026-03-10");
    expect(readDay("31/02/2026")).toBeUndefined();
    expect(readDay("02/31/2026")).toBeUndefined();
    expect(parseTransactionSearch({ from: "10/03/2026" }, "other").filters.from).toBe("2026-03-10");
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
      { field: "from", kind: "notADate", message: "From must be a date, such as 31/01/2026." },
    ]);
    expect(parseTransactionSearch({ to: "yesterday" }, "primary").problems).toEqual([
      { field: "to", kind: "notADate", message: "To must be a date, such as 31/01/2026." },
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
    expect(parseTransactionSearch({ from: "", to: " " }, "primary")).toEqual({
      filters: { page: 1 },
      problems: [],
      beyondLimit: false,
    });
  });

  it("writes shareable addresses", () => {
    expect(transactionsHref({ page: 1 }, 1)).toBe("/transactions");
    expect(transactionsHref({ page: 1, from: "2026-01-01", to: "2026-01-31" }, 2)).toBe(
      "/transactions?from=2026-01-01&to=2026-01-31&page=2",
    );
  });
});

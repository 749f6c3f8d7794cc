import { describe, expect, it } from "vitest";
import { evaluateChecklist, type LoggedCall } from "@/lib/developers/go-live/evaluate-checklist";
import { integrationReport } from "@/lib/developers/go-live/integration-report";

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, seconds));
let counter = 0;
function call(change: Partial<LoggedCall>): LoggedCall {
  counter += 1;
  return {
    requestId: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    operation: "retrieve-programme",
    method: "GET",
    path: "/api/v1/programmes",
    status: 200,
    requestedAt: at(0),
    ...change,
  };
}
const row = (calls: LoggedCall[], id: string) => evaluateChecklist(calls, []).find((item) => item.id === id)!;

describe("the go-live checklist's rules", () => {
  it("a P6 answered with the catalogued window error ticks 'refused after the window'; a forced one does not", () => {
    const late = call({
      operation: "reverse-transaction",
      method: "POST",
      path: "/api/v1/programmes/NORTHSTAR/accounts/3081/reverse-transaction-requests",
      status: 400,
      errorCode: "REVERSAL_NO_LONGER_PERMITTED",
    });
    const forced = { ...late, scenario: "REVERSAL_NO_LONGER_PERMITTED" };
    expect(row([forced], "reversal-refused").ticked).toBe(false);
    const ticked = row([forced, late], "reversal-refused");
    expect(ticked.evidence).toMatchObject({ requestId: late.requestId, operation: "Reverse a debit · P6" });
  });

  it("a 429 counts as respected only when the next request waited its Retry-After", () => {
    const limited = call({ status: 429, requestedAt: at(0), responseHeaders: { "Retry-After": "2" } });
    expect(row([limited, call({ requestedAt: at(1) })], "rate-limit").ticked).toBe(false);
    const patient = call({ requestedAt: at(2) });
    expect(row([limited, patient], "rate-limit").evidence).toMatchObject({ requestId: patient.requestId });
    // Unsorted input is read in time order.
    expect(row([patient, limited], "rate-limit").ticked).toBe(true);
  });

  it("a retry after SYSTEM_UNAVAILABLE counts only with the same Idempotency-Key and a success", () => {
    const debit = {
      operation: "debit-currency",
      method: "POST",
      path: "/api/v1/programmes/NORTHSTAR/accounts/1/debit-transaction-requests",
    };
    const forced = call({
      ...debit,
      status: 503,
      scenario: "SYSTEM_UNAVAILABLE",
      requestHeaders: { "Idempotency-Key": "k1" },
      requestedAt: at(0),
    });
    const otherKey = call({ ...debit, status: 201, requestHeaders: { "Idempotency-Key": "k2" }, requestedAt: at(1) });
    expect(row([forced, otherKey], "unavailable-retry").ticked).toBe(false);
    const sameKey = call({ ...debit, status: 201, requestHeaders: { "Idempotency-Key": "k1" }, requestedAt: at(2) });
    expect(row([forced, otherKey, sameKey], "unavailable-retry").evidence).toMatchObject({
      requestId: sameKey.requestId,
    });
  });

  it("P9 must come before the keyed P5, and the replay is read from Idempotent-Replayed", () => {
    const debit = { operation: "debit-currency", method: "POST", path: "/x/debit-transaction-requests", status: 201 };
    const keyed = call({ ...debit, requestHeaders: { "Idempotency-Key": "k" }, requestedAt: at(1) });
    const priced = call({
      operation: "retrieve-product-prices",
      method: "POST",
      path: "/api/v2/product-prices",
      requestedAt: at(2),
    });
    expect(row([keyed, priced], "price-then-debit").ticked).toBe(false);
    const replay = call({
      ...debit,
      requestHeaders: { "Idempotency-Key": "k" },
      responseHeaders: { "Idempotent-Replayed": "true" },
      requestedAt: at(3),
    });
    expect(row([keyed, priced, replay], "price-then-debit").ticked).toBe(false);
    expect(row([keyed, priced, replay], "debit-replay").evidence).toMatchObject({ requestId: replay.requestId });
  });

  it("P3 needs a later page; deliveries tick only on 2xx, a replay only when it was one", () => {
    const firstPage = call({
      operation: "retrieve-transactions",
      path: "/api/v1/programmes/N/accounts/1/transactions?start-record=1&end-record=10",
    });
    expect(row([firstPage], "transactions-paging").ticked).toBe(false);
    const later = call({
      operation: "retrieve-transactions",
      path: "/api/v1/programmes/N/accounts/1/transactions?start-record=11&end-record=20",
    });
    expect(row([later], "transactions-paging").evidence).toMatchObject({
      operation: "List an account's transactions · P3",
    });

    const attempt = {
      eventId: "evt_1",
      eventType: "points.debited",
      test: false,
      endpointUrl: "https://p.example/hooks",
      builtInReceiver: false,
      attemptedAt: at(5),
    };
    const failed = evaluateChecklist([], [{ ...attempt, statusCode: 500, replay: 1 }]);
    expect(failed.filter((item) => item.ticked)).toEqual([]);
    const rows = evaluateChecklist(
      [],
      [
        { ...attempt, statusCode: 204 },
        { ...attempt, statusCode: 200, replay: 1, builtInReceiver: true },
      ],
    );
    expect(rows.find((item) => item.id === "event-received")!.evidence?.note).toContain("your endpoint");
    expect(rows.find((item) => item.id === "event-replay-received")!.evidence?.note).toContain("built-in receiver");
    const report = integrationReport("DEVX", rows, at(9));
    expect(report).toMatchObject({ complete: false, ticked: 2, total: 12, partnerIdentifier: "DEVX" });
  });
});

import { describe, expect, it } from "vitest";
import type { Pool } from "pg";
import { referenceDebit } from "@/bench/bare-debit.mjs";
import { referenceDebitStatement } from "@/bench/debit-statement";
import { debitJournalEntry } from "@/server/loyalty/ledger/debit-account";
import { journalStatementFor } from "@/server/loyalty/ledger/post-journal-entry";

/** What the reference sends, caught instead of sent. */
async function sentBy(request: { membershipNumber: string; accessTokenId: string; externalId: string }) {
  const sent: { name: string; text: string; values: unknown[] }[] = [];
  const pool = {
    query: async (query: { name: string; text: string; values: unknown[] }) => {
      sent.push(query);
      return { rowCount: 1 };
    },
  } as unknown as Pool;
  const statement = referenceDebitStatement(7);
  const moved = await referenceDebit(pool, statement, request);
  return { moved, statement, query: sent[0]! };
}

describe("the bench's reference statement (bench/debit-statement.ts)", () => {
  it("is the text a P5 debit sends, with the member's token checked and the partner event written", () => {
    const { text } = referenceDebitStatement(7);
    const debit = journalStatementFor(
      debitJournalEntry({
        partnerId: 1,
        programmeIdentifier: "MERIDIAN",
        membershipNumber: "3081000000000009",
        amount: 250n,
        description: "Seat upgrade",
        externalTransactionIdentifier: "ORDER-1",
        externalTransactionDate: new Date("2026-03-01T12:00:00Z"),
        externalReferenceDescription: "upgrade",
        externalPartnerIdentifier: "APP",
        whileAccessTokenLive: "jti-1",
      }),
    );
    expect(text).toBe(debit.text);
    expect(text).toContain("loyalty.tokens");
    expect(text).toContain("INSERT INTO loyalty.webhook_events");
    expect(text).toContain("m.membership_number");
  });

  it("fills every parameter, each request with its own member, token, identifiers and time", async () => {
    const first = await sentBy({ membershipNumber: "3081000090000001", accessTokenId: "jti-a", externalId: "B1" });
    const second = await sentBy({ membershipNumber: "3081000090000002", accessTokenId: "jti-b", externalId: "B2" });
    expect(first.moved).toBe(true);
    expect(first.query.text).toBe(first.statement.text);
    const named = (sent: typeof first) =>
      Object.fromEntries(sent.statement.parameterNames.map((name, index) => [name, sent.query.values[index]]));
    const one = named(first);
    const two = named(second);
    for (const name of first.statement.parameterNames) expect(one, name).toHaveProperty(name);
    expect(first.query.values).not.toContain(undefined);
    expect(one).toMatchObject({
      membershipNumber: "3081000090000001",
      accessTokenId: "jti-a",
      externalTransactionIdentifier: "B1",
      partnerId: 7,
      kind: "DEBIT",
      pointsDelta: "-1",
      amount: "1",
      programmeIdentifier: "NORTHSTAR",
    });
    expect(one.identifier).toMatch(/^TX[0-9A-F]{22}$/);
    expect(one.serviceReference).toMatch(/^R[0-9A-F]{9}$/);
    expect(two.identifier).not.toBe(one.identifier);
    expect(two.membershipNumber).toBe("3081000090000002");
    // Nothing the bench's template holds for the request-drawn values is sent.
    expect(first.query.values).not.toContain("FILLED-PER-REQUEST");
  });
});

import { debitJournalEntry } from "@/server/loyalty/ledger/debit-account";
import { journalStatementFor } from "@/server/loyalty/ledger/post-journal-entry";

/**
 * The statement the bench's references run (bench/bare-debit.mjs,
 * `referenceDebit`): the SQL a P5 debit of one point sends, taken from the
 * ledger's own code at the bench's start, and the values every request shares.
 * What changes per request (identifiers, the member, the token, the time) the
 * reference fills in by name.
 */
export interface ReferenceStatement {
  text: string;
  parameterNames: string[];
  /** Values by parameter name, as the ledger gives them for the bench's debit body. */
  values: Record<string, unknown>;
}

/** Parameters each request of a reference fills in itself (see referenceDebit). */
export const perRequestParameters = [
  "identifier",
  "serviceReference",
  "externalTransactionIdentifier",
  "membershipNumber",
  "accessTokenId",
  "dateMade",
  "lastActivityDate",
] as const;

export function referenceDebitStatement(partnerId: number): ReferenceStatement {
  const statement = journalStatementFor(
    debitJournalEntry({
      partnerId,
      programmeIdentifier: "NORTHSTAR",
      membershipNumber: "FILLED-PER-REQUEST",
      amount: 1n,
      // As the bench's debit body (bench/scenarios.ts) says.
      description: "BENCH",
      externalTransactionIdentifier: "FILLED-PER-REQUEST",
      externalTransactionDate: new Date("2026-01-15T10:00:00.000Z"),
      externalReferenceDescription: "bench",
      externalPartnerIdentifier: "WEB",
      whileAccessTokenLive: "FILLED-PER-REQUEST",
    }),
  );
  const values = Object.fromEntries(
    Object.entries(statement.values).filter(([name]) => !(perRequestParameters as readonly string[]).includes(name)),
  );
  return { ...statement, values };
}

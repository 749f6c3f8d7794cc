import { debitJournalEntry } from "@/server/loyalty/ledger/debit-account";
import { journalStatementFor } from "@/server/loyalty/ledger/post-journal-entry";
import { benchProgramme } from "./scenarios";

/**
 * The statement the bench's references run (bench/bare-debit.mjs,
 * `referenceDebit`): the SQL a P5 debit of one point sends, taken from the
 * ledger's own code at the bench's start, and its values for one debit.
 * What changes per request (identifiers, the member, the token, the time) the
 * reference replaces by name.
 */
export interface ReferenceStatement {
  text: string;
  parameterNames: string[];
  /** Values by parameter name for the bench's debit body; referenceDebit replaces those drawn per request. */
  values: Record<string, unknown>;
}

export function referenceDebitStatement(partnerId: number): ReferenceStatement {
  return journalStatementFor(
    debitJournalEntry({
      partnerId,
      programmeIdentifier: benchProgramme,
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
}

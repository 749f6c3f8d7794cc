import "server-only";
import { creditCurrencyVersions, creditRequestSchema, type CreditResponse } from "@/lib/contract/credit-currency";
import { ledgerPathSchema } from "@/lib/contract/ledger-path";
import { toAscii } from "@/lib/text/to-ascii";
import type { Transaction } from "@/server/db/schema";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { invalid, ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { postJournalEntry } from "@/server/loyalty/ledger/post-journal-entry";
import { requestFingerprint } from "@/server/loyalty/ledger/request-fingerprint";
import { newTransactionIdentifier } from "@/server/loyalty/ledger/transaction-identifiers";
import { findMemberByMembershipNumber, type MemberRecord } from "@/server/loyalty/members/find-member";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";

const comparableName = (name: string) => toAscii(name).toUpperCase().replace(/\s+/g, " ").trim();

/** Family name for an individual; `HOUSEHOLD` or the merged member's surname for a household. */
function nameMatches(record: MemberRecord, familyName: string): boolean {
  const sent = comparableName(familyName);
  if (sent === comparableName(record.member.familyName)) return true;
  return record.account.accountType === "HOUSEHOLD" && sent === "HOUSEHOLD";
}

/** A date is midnight UTC; a date-time keeps its offset. */
function transactionMoment(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
}

function creditResponse(entry: Transaction): CreditResponse {
  const points = entry.pointsDelta.toString();
  return {
    dateMade: entry.dateMade.toISOString(),
    ...(entry.description ? { description: entry.description } : {}),
    monetaryAmount: { amount: points, formattedAmount: points, currency: { currencyCode: "POINTS" } },
    externalTransactionIdentifier: entry.externalTransactionIdentifier ?? "",
    externalTransactionDate: (entry.externalTransactionDate ?? entry.dateMade).toISOString(),
    ...(entry.externalReferenceIdentifier ? { externalReferenceIdentifier: entry.externalReferenceIdentifier } : {}),
    ...(entry.externalReferenceDescription ? { externalReferenceDescription: entry.externalReferenceDescription } : {}),
    ...(entry.externalPartnerIdentifier ? { externalPartnerIdentifier: entry.externalPartnerIdentifier } : {}),
    externalSource: entry.externalSource ?? "",
    type: "COLLECTION",
  };
}

/** `POST /v1/programmes/{programme}/accounts/{account}/credit-transaction-requests`: credits at once. */
export const creditCurrency = partnerOperation({
  name: "credit-currency",
  method: "POST",
  versions: creditCurrencyVersions,
  errorShape: "flat",
  takesJsonBody: true,
  async handle({ db, params, partner, partnerProgrammes, body }) {
    const path = validateInput(ledgerPathSchema, params, { invalid: "DATA_INVALID" });
    const { creditProgrammes } = await findServiceRulesCached(db);
    if (!creditProgrammes.has(path.programmeIdentifier)) {
      throw invalid(
        "PROGRAMME_INVALID",
        "programmeIdentifier",
        `Credits are taken for ${[...creditProgrammes].join(", ")} only.`,
      );
    }
    if (partnerProgrammes.size === 0) throw new ServiceError("INVALID_PROMOTER_CODE");
    if (!partnerProgrammes.has(path.programmeIdentifier)) throw new ServiceError("PARTNER_INVALID");

    const request = validateInput(creditRequestSchema, body, { invalid: "DATA_INVALID" });
    const record = await findMemberByMembershipNumber(db, path.accountIdentifier);
    if (!record || record.programme.identifier !== path.programmeIdentifier || record.account.status !== "ACTIVE") {
      throw invalid("ACCOUNT_INVALID", "accountIdentifier", "No active account with this number in this programme.");
    }
    const now = new Date();
    const transactionDate = transactionMoment(request.externalTransactionDate);
    if (transactionDate.getTime() > now.getTime()) {
      throw invalid("ACCOUNT_INVALID", "externalTransactionDate", "externalTransactionDate is in the future.");
    }
    if (transactionDate.getTime() <= transactionMoment(record.member.joinDate).getTime()) {
      throw invalid(
        "ACCOUNT_INVALID",
        "externalTransactionDate",
        "externalTransactionDate must be later than the member's join date.",
      );
    }
    if (!nameMatches(record, request.person.name.familyName)) {
      throw invalid(
        "MEMBERSHIP_NUMBER_NAME_MISMATCH",
        "person.name.familyName",
        "The family name is not the account holder's.",
      );
    }

    const posting = await postJournalEntry(db, {
      identifier: newTransactionIdentifier(),
      account: { id: record.account.id },
      partnerId: partner.id,
      kind: "CREDIT",
      pointsDelta: request.monetaryAmount.amount,
      description: request.description ?? null,
      externalTransactionIdentifier: request.externalTransactionIdentifier,
      externalTransactionDate: transactionDate,
      externalReferenceIdentifier: request.externalReferenceIdentifier ?? null,
      externalReferenceDescription: request.externalReferenceDescription ?? null,
      externalPartnerIdentifier: request.externalPartnerIdentifier ?? null,
      externalSource: request.externalSource,
      productSummary: request.productSummary ?? null,
      requestFingerprint: requestFingerprint(path.accountIdentifier, request),
      dateMade: now,
    });
    if (posting.outcome === "refused") {
      if (posting.reason !== "DUPLICATE_TRANSACTION") throw new Error(`credit refused: ${posting.reason}`);
      throw invalid(
        "DUPLICATE_TRANSACTION",
        "externalTransactionIdentifier",
        "This externalTransactionIdentifier was used for another credit.",
      );
    }
    return {
      status: 201,
      body: creditResponse(posting.entry),
      headers: posting.outcome === "replayed" ? { "Idempotent-Replayed": "true" } : undefined,
    };
  },
});

import "server-only";
import { creditCurrencyVersions, creditRequestSchema, type CreditResponse } from "@/lib/contract/credit-currency";
import { ledgerPathSchema } from "@/lib/contract/ledger-path";
import type { Transaction } from "@/server/loyalty/ledger/ledger-tables";
import { idempotencyClaimLost } from "@/server/loyalty/http/idempotent-request";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { invalid, ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { creditAccount, type CreditOutcome } from "@/server/loyalty/ledger/credit-account";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";

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

/** The credited entry, or the refusal (E7) for any other outcome. */
function creditedEntry(credit: CreditOutcome): Transaction {
  switch (credit.outcome) {
    case "credited":
      return credit.entry;
    case "account-invalid":
      throw invalid("ACCOUNT_INVALID", "accountIdentifier", "No active account with this number in this programme.");
    case "transaction-date-in-future":
      throw invalid("ACCOUNT_INVALID", "externalTransactionDate", "externalTransactionDate is in the future.");
    case "transaction-date-not-after-join-date":
      throw invalid(
        "ACCOUNT_INVALID",
        "externalTransactionDate",
        "externalTransactionDate must be later than the member's join date.",
      );
    case "name-mismatch":
      throw invalid(
        "MEMBERSHIP_NUMBER_NAME_MISMATCH",
        "person.name.familyName",
        "The family name is not the account holder's.",
      );
    case "duplicate-transaction":
      throw invalid(
        "DUPLICATE_TRANSACTION",
        "externalTransactionIdentifier",
        "This externalTransactionIdentifier was already used for a credit.",
      );
    case "idempotency-claim-lost":
      throw idempotencyClaimLost();
  }
}

/** `POST /v1/programmes/{programme}/accounts/{account}/credit-transaction-requests`: credits at once. */
export const creditCurrency = partnerOperation({
  name: "credit-currency",
  method: "POST",
  versions: creditCurrencyVersions,
  errorShape: "flat",
  takesJsonBody: true,
  idempotency: { replay: async (_context, entry) => ({ status: 201, body: creditResponse(entry) }) },
  async handle({ db, params, partner, partnerProgrammes, body, idempotencyClaim, clock }) {
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
    const credit = await creditAccount(db, {
      partnerId: partner.id,
      developerSandbox: partner.developerSandbox,
      programmeIdentifier: path.programmeIdentifier,
      membershipNumber: path.accountIdentifier,
      familyName: request.person.name.familyName,
      amount: request.monetaryAmount.amount,
      description: request.description,
      externalTransactionIdentifier: request.externalTransactionIdentifier,
      externalTransactionDate: transactionMoment(request.externalTransactionDate),
      externalReferenceIdentifier: request.externalReferenceIdentifier,
      externalReferenceDescription: request.externalReferenceDescription,
      externalPartnerIdentifier: request.externalPartnerIdentifier,
      externalSource: request.externalSource,
      productSummary: request.productSummary,
      idempotencyClaim,
      at: clock.now(),
    });
    return { status: 201, body: creditResponse(creditedEntry(credit)) };
  },
});

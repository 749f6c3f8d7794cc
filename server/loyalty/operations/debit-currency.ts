import "server-only";
import { debitCurrencyVersions, debitRequestSchema, type DebitResponse } from "@/lib/contract/debit-currency";
import { ledgerPathSchema } from "@/lib/contract/ledger-path";
import { toAscii } from "@/lib/text/to-ascii";
import type { Database } from "@/server/db/connect";
import type { Transaction } from "@/server/db/schema";
import { revokedTokenError } from "@/server/loyalty/http/member-token";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { invalid, ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { postJournalEntry } from "@/server/loyalty/ledger/post-journal-entry";
import { requestFingerprint } from "@/server/loyalty/ledger/request-fingerprint";
import { newServiceReference, newTransactionIdentifier } from "@/server/loyalty/ledger/transaction-identifiers";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";

function debitResponse(entry: Transaction): DebitResponse {
  const points = (-entry.pointsDelta).toString();
  return {
    debitTransaction: {
      identifier: entry.identifier,
      dateMade: entry.dateMade.toISOString(),
      monetaryAmount: { amount: points, formattedAmount: points, currency: { currencyCode: "POINTS" } },
      // The spec converts accented characters in the descriptions and echoes the identifiers as sent.
      description: toAscii(entry.description ?? ""),
      externalTransactionIdentifier: entry.externalTransactionIdentifier ?? "",
      ...(entry.externalReferenceIdentifier ? { externalReferenceIdentifier: entry.externalReferenceIdentifier } : {}),
      externalReferenceDescription: toAscii(entry.externalReferenceDescription ?? ""),
      externalPartnerIdentifier: entry.externalPartnerIdentifier ?? "",
      type: "REDEMPTION",
    },
  };
}

function requireApplicationName(request: Request): void {
  const applicationName = request.headers.get("svc_client_application_name");
  if (applicationName === null || !/^[A-Za-z0-9]{1,50}$/.test(applicationName)) {
    throw invalid(
      "DATA_INVALID",
      undefined,
      "Send svc_client_application_name: the application name given at registration (alphanumeric).",
    );
  }
}

/** The refusal for a debit that moved nothing: the account, its status, or else its balance. */
async function whyNothingMoved(db: Database, membershipNumber: string): Promise<ServiceError> {
  const record = await findMemberByMembershipNumber(db, membershipNumber);
  if (!record) return invalid("DATA_INVALID", "accountIdentifier", "Identifier not found.");
  if (record.account.status === "INACTIVE") return new ServiceError("IDENTIFIER_NOT_ACTIVATED");
  if (record.account.status !== "ACTIVE")
    return invalid("DATA_INVALID", "accountIdentifier", "The account's status does not allow debits.");
  return new ServiceError("BALANCE_INSUFFICIENT");
}

/**
 * `POST /v1/programmes/{programme}/accounts/{account}/debit-transaction-requests`:
 * validate, check the balance, debit and confirm; on any refusal the balance is unchanged.
 */
export const debitCurrency = partnerOperation({
  name: "debit-currency",
  method: "POST",
  versions: debitCurrencyVersions,
  errorShape: "wrapped",
  takesJsonBody: true,
  token: "member",
  // The debit statement itself refuses a revoked token: one query per debit, not two.
  tokenRevocation: "write-statement",
  errors: {
    methodNotAllowed: "METHOD_NOT_SUPPORTED",
    unsupportedMediaType: "HEADER_INVALID",
    invalidJson: "MANDATORY_DATA_MISSING",
    invalidToken: "DEBIT_TOKEN_INVALID",
  },
  async handle({ db, params, partner, partnerProgrammes, member, request, body }) {
    requireApplicationName(request);
    const path = validateInput(ledgerPathSchema, params, { invalid: "DATA_INVALID" });
    if (member.membershipNumber !== path.accountIdentifier || member.programmeIdentifier !== path.programmeIdentifier) {
      throw new ServiceError("MEMBERSHIP_TOKEN_MISMATCH");
    }
    const { debitPartnerProgramme: requiredPartnerProgramme } = await findServiceRulesCached(db);
    if (!partnerProgrammes.has(requiredPartnerProgramme)) {
      throw invalid("DATA_INVALID", undefined, `Debits are open to partners of ${requiredPartnerProgramme} only.`);
    }
    const { debitTransaction: debit } = validateInput(debitRequestSchema, body, {
      invalid: "DATA_INVALID",
      missing: "MANDATORY_DATA_MISSING",
    });

    // One statement finds the active account, checks the balance and debits it;
    // only when nothing moved is the account looked at again to say why.
    const posting = await postJournalEntry(db, {
      identifier: newTransactionIdentifier(),
      serviceReference: newServiceReference(),
      account: { membershipNumber: path.accountIdentifier, programmeIdentifier: path.programmeIdentifier },
      partnerId: partner.id,
      kind: "DEBIT",
      pointsDelta: -debit.monetaryAmount.amount,
      description: debit.description,
      externalTransactionIdentifier: debit.externalTransactionIdentifier,
      externalTransactionDate: new Date(debit.externalTransactionDate),
      externalReferenceIdentifier: debit.externalReferenceIdentifier ?? null,
      externalReferenceDescription: debit.externalReferenceDescription,
      externalPartnerIdentifier: debit.externalPartnerIdentifier,
      productSummary: debit.productSummary ?? null,
      requestFingerprint: requestFingerprint(path.accountIdentifier, debit),
      dateMade: new Date(),
      whileAccessTokenLive: member.claims.jti,
    });
    if (posting.outcome === "refused") {
      if (posting.reason === "TOKEN_NOT_LIVE") throw revokedTokenError("DEBIT_TOKEN_INVALID");
      if (posting.reason === "NOT_MOVED") throw await whyNothingMoved(db, path.accountIdentifier);
      throw invalid(
        "DUPLICATE_TRANSACTION",
        "debitTransaction.externalTransactionIdentifier",
        "This externalTransactionIdentifier was used for another debit.",
      );
    }
    return {
      status: 201,
      body: debitResponse(posting.entry),
      headers: posting.outcome === "replayed" ? { "Idempotent-Replayed": "true" } : undefined,
    };
  },
});

import "server-only";
import { debitCurrencyVersions, debitRequestSchema, type DebitResponse } from "@/lib/contract/debit-currency";
import { ledgerPathSchema } from "@/lib/contract/ledger-path";
import { toAscii } from "@/lib/text/to-ascii";
import type { Transaction } from "@/server/loyalty/ledger/ledger-tables";
import { idempotencyClaimLost } from "@/server/loyalty/http/idempotent-request";
import { revokedTokenError } from "@/server/loyalty/http/member-token";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { invalid, ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { debitAccount, type DebitOutcome } from "@/server/loyalty/ledger/debit-account";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";
import type { RequestHeaders } from "@/server/loyalty/http/partner-request";

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

function requireApplicationName(request: RequestHeaders): void {
  const applicationName = request.headers.get("svc_client_application_name");
  if (applicationName === null || !/^[A-Za-z0-9]{1,50}$/.test(applicationName)) {
    throw invalid(
      "DATA_INVALID",
      undefined,
      "Send svc_client_application_name: the application name given at registration (alphanumeric).",
    );
  }
}

/** The debited entry, or the refusal (E8) for any other outcome. */
function debitedEntry(debit: DebitOutcome): Transaction {
  switch (debit.outcome) {
    case "debited":
      return debit.entry;
    case "token-not-live":
      throw revokedTokenError("DEBIT_TOKEN_INVALID");
    case "account-not-found":
      throw invalid("DATA_INVALID", "accountIdentifier", "Identifier not found.");
    case "account-not-activated":
      throw new ServiceError("IDENTIFIER_NOT_ACTIVATED");
    case "account-status-forbids-debit":
      throw invalid("DATA_INVALID", "accountIdentifier", "The account's status does not allow debits.");
    case "balance-insufficient":
      throw new ServiceError("BALANCE_INSUFFICIENT");
    case "duplicate-transaction":
      throw invalid(
        "DUPLICATE_TRANSACTION",
        "debitTransaction.externalTransactionIdentifier",
        "This externalTransactionIdentifier was already used for a debit.",
      );
    case "idempotency-claim-lost":
      throw idempotencyClaimLost();
  }
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
  idempotency: { replay: async (_context, entry) => ({ status: 201, body: debitResponse(entry) }) },
  async handle({ db, params, partner, partnerProgrammes, member, request, body, idempotencyClaim, clock }) {
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

    const debited = await debitAccount(db, {
      partnerId: partner.id,
      programmeIdentifier: path.programmeIdentifier,
      membershipNumber: path.accountIdentifier,
      amount: debit.monetaryAmount.amount,
      description: debit.description,
      externalTransactionIdentifier: debit.externalTransactionIdentifier,
      externalTransactionDate: new Date(debit.externalTransactionDate),
      externalReferenceIdentifier: debit.externalReferenceIdentifier,
      externalReferenceDescription: debit.externalReferenceDescription,
      externalPartnerIdentifier: debit.externalPartnerIdentifier,
      productSummary: debit.productSummary,
      whileAccessTokenLive: member.claims.jti,
      idempotencyClaim,
      at: clock.now(),
    });
    return { status: 201, body: debitResponse(debitedEntry(debited)) };
  },
});

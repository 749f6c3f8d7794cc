import "server-only";
import { ledgerPathSchema } from "@/lib/contract/ledger-path";
import {
  reverseRequestSchema,
  reverseTransactionVersions,
  type ReverseResponse,
} from "@/lib/contract/reverse-transaction";
import type { Transaction } from "@/server/loyalty/ledger/ledger-tables";
import { requireAccountAccess } from "@/server/loyalty/http/caller-access";
import { idempotencyClaimLost } from "@/server/loyalty/http/idempotent-request";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { invalid, ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { reverseDebit, reversedDebitOf, type ReverseDebitOutcome } from "@/server/loyalty/ledger/reverse-debit";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";

function reverseResponse(entry: Transaction, reversedIdentifier: string): ReverseResponse {
  return {
    reversalTransaction: {
      identifier: entry.identifier,
      dateMade: entry.dateMade.toISOString(),
      externalTransactionIdentifier: entry.externalTransactionIdentifier ?? "",
      description: entry.description ?? "",
      type: "CANCELLATION",
      reversedTransaction: { identifier: reversedIdentifier },
    },
  };
}

/** The reversal and its debit, or the refusal (E9) for any other outcome. */
function reversedEntry(reversed: ReverseDebitOutcome): { entry: Transaction; debit: Transaction } {
  switch (reversed.outcome) {
    case "reversed":
      return reversed;
    case "member-not-found":
      throw new ServiceError("INVALID_MEMBER");
    case "account-not-authorized":
      throw new ServiceError("ACCOUNT_NOT_AUTHORIZED");
    case "debit-of-another-account":
      throw new ServiceError("INVALID_MEMBER", {
        developerMessage: "The membership number is not the account of this transaction.",
      });
    case "debit-not-found":
      throw invalid(
        "DATA_INVALID",
        "reversalTransaction.reversedTransaction.identifier",
        "No transaction of this account with this identifier.",
      );
    case "not-a-debit":
      throw new ServiceError("REVERSAL_NOT_PERMITTED", { developerMessage: "Only a debit can be reversed." });
    case "reversal-window-passed":
      throw new ServiceError("REVERSAL_NO_LONGER_PERMITTED", {
        developerMessage: `Debits can be reversed within ${reversed.windowHours} hours.`,
      });
    case "already-reversed":
      throw new ServiceError("REVERSAL_NOT_PERMITTED", { developerMessage: "This debit has already been reversed." });
    case "duplicate-transaction":
      throw invalid(
        "DUPLICATE_TRANSACTION",
        "reversalTransaction.externalTransactionIdentifier",
        "This externalTransactionIdentifier was already used for the reversal of another debit.",
      );
    case "idempotency-claim-lost":
      throw idempotencyClaimLost();
  }
}

/**
 * `POST /v1/programmes/{programme}/accounts/{account}/reverse-transaction-requests`:
 * credits back the whole amount of one debit, once, within the partner's window.
 * The member's token with scope reverse_transaction, or an agent's (client
 * token, X-Agent-Id, scope reverse_transaction) for the partner's own debits.
 */
export const reverseTransaction = partnerOperation({
  name: "reverse-transaction",
  method: "POST",
  versions: reverseTransactionVersions,
  errorShape: "wrapped",
  takesJsonBody: true,
  token: "member-or-agent",
  agentScope: "reverse_transaction",
  errors: { invalidJson: "MANDATORY_DATA_MISSING" },
  idempotency: {
    async replay({ db }, entry) {
      const debit = await reversedDebitOf(db, entry);
      if (!debit) throw new Error(`reversal ${entry.identifier} reverses no debit`);
      return { status: 201, body: reverseResponse(entry, debit.identifier) };
    },
  },
  async handle({ db, params, partner, caller, agentId, body, idempotencyClaim, clock }) {
    if (caller.kind === "member" && !caller.member.scopes.has("reverse_transaction")) {
      throw new ServiceError("INSUFFICIENT_SCOPE", {
        developerMessage: "The token needs the scope reverse_transaction.",
      });
    }
    const path = validateInput(ledgerPathSchema, params, { invalid: "DATA_INVALID" });
    const { reversalProgrammes } = await findServiceRulesCached(db);
    if (!reversalProgrammes.has(path.programmeIdentifier)) {
      throw invalid(
        "DATA_INVALID",
        "programmeIdentifier",
        `Reversals are taken for ${[...reversalProgrammes].join(", ")} only.`,
      );
    }
    // Offline channels (X-Agent-Id) key in the number: for them a wrong number is a member error.
    await requireAccountAccess(db, caller, partner.id, path, {
      refusal: agentId ? "INVALID_MEMBER" : "MEMBER_NOT_AUTHORIZED",
    });
    const reversal = validateInput(reverseRequestSchema, body, {
      invalid: "DATA_INVALID",
      missing: "MANDATORY_DATA_MISSING",
    });
    const reversed = await reverseDebit(db, {
      partnerId: partner.id,
      partnerExternalSource: partner.externalSource,
      reversalWindowHours: partner.reversalWindowHours,
      membershipNumber: path.accountIdentifier,
      debitIdentifier: reversal.reversedTransactionIdentifier,
      externalTransactionIdentifier: reversal.externalTransactionIdentifier,
      description: reversal.description,
      keyedInByAgent: caller.kind === "agent",
      agentId,
      idempotencyClaim,
      at: clock.now(),
    });
    const { entry, debit } = reversedEntry(reversed);
    return { status: 201, body: reverseResponse(entry, debit.identifier) };
  },
});

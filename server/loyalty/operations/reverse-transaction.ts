import "server-only";
import { ledgerPathSchema } from "@/lib/contract/ledger-path";
import {
  reverseRequestSchema,
  reverseTransactionVersions,
  type ReverseResponse,
} from "@/lib/contract/reverse-transaction";
import type { Database } from "@/server/db/connect";
import type { AccountStatus, Transaction } from "@/server/db/schema";
import { requireAccountAccess } from "@/server/loyalty/http/caller-access";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { invalid, ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { findAccountTransaction } from "@/server/loyalty/ledger/find-account-transaction";
import { findPartnerEntry } from "@/server/loyalty/ledger/find-partner-entry";
import { findPartnerTransaction } from "@/server/loyalty/ledger/find-partner-transaction";
import { postJournalEntry } from "@/server/loyalty/ledger/post-journal-entry";
import { requestFingerprint } from "@/server/loyalty/ledger/request-fingerprint";
import { newTransactionIdentifier } from "@/server/loyalty/ledger/transaction-identifiers";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";

const unauthorisedStatuses: ReadonlySet<AccountStatus> = new Set(["CANCELLED", "DECEASED", "FRAUD", "GROUP"]);

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

/**
 * An agent names the debit and keys in the membership number: the partner's
 * own entry with that identifier, which must be on the path's account
 * (INVALID_MEMBER otherwise, E9's row for offline channels). Another
 * partner's entry reads as unknown.
 */
async function agentsDebit(
  db: Database,
  partnerId: number,
  accountId: number,
  identifier: string,
): Promise<Transaction | undefined> {
  const entry = await findPartnerEntry(db, partnerId, identifier);
  if (entry && entry.accountId !== accountId) {
    throw new ServiceError("INVALID_MEMBER", {
      developerMessage: "The membership number is not the account of this transaction.",
    });
  }
  return entry;
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
  async handle({ db, params, partner, caller, agentId, body }) {
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
    const fingerprint = requestFingerprint(path.accountIdentifier, reversal);

    // A retry of a reversal already made answers as the first time, even after the window.
    const earlier = await findPartnerTransaction(db, partner.id, "REVERSAL", reversal.externalTransactionIdentifier);
    if (earlier?.requestFingerprint === fingerprint) {
      return {
        status: 201,
        body: reverseResponse(earlier, reversal.reversedTransactionIdentifier),
        headers: { "Idempotent-Replayed": "true" },
      };
    }

    const record = await findMemberByMembershipNumber(db, path.accountIdentifier);
    if (!record) throw new ServiceError("INVALID_MEMBER");
    if (unauthorisedStatuses.has(record.account.status)) throw new ServiceError("ACCOUNT_NOT_AUTHORIZED");

    const debit =
      caller.kind === "agent"
        ? await agentsDebit(db, partner.id, record.account.id, reversal.reversedTransactionIdentifier)
        : await findAccountTransaction(db, record.account.id, reversal.reversedTransactionIdentifier);
    if (!debit || debit.partnerId !== partner.id) {
      throw invalid(
        "DATA_INVALID",
        "reversalTransaction.reversedTransaction.identifier",
        "No transaction of this account with this identifier.",
      );
    }
    if (debit.kind !== "DEBIT")
      throw new ServiceError("REVERSAL_NOT_PERMITTED", { developerMessage: "Only a debit can be reversed." });
    const now = new Date();
    if (now.getTime() - debit.dateMade.getTime() > partner.reversalWindowHours * 3_600_000) {
      throw new ServiceError("REVERSAL_NO_LONGER_PERMITTED", {
        developerMessage: `Debits can be reversed within ${partner.reversalWindowHours} hours.`,
      });
    }

    const posting = await postJournalEntry(db, {
      identifier: newTransactionIdentifier(),
      account: { id: record.account.id },
      partnerId: partner.id,
      kind: "REVERSAL",
      pointsDelta: -debit.pointsDelta,
      description: reversal.description,
      externalTransactionIdentifier: reversal.externalTransactionIdentifier,
      externalTransactionDate: now,
      externalSource: partner.externalSource,
      reversedTransactionId: debit.id,
      requestFingerprint: fingerprint,
      dateMade: now,
      agentId,
    });
    if (posting.outcome === "refused") {
      if (posting.reason === "DUPLICATE_TRANSACTION") {
        throw invalid(
          "DUPLICATE_TRANSACTION",
          "reversalTransaction.externalTransactionIdentifier",
          "This externalTransactionIdentifier was used for another reversal.",
        );
      }
      throw new ServiceError("REVERSAL_NOT_PERMITTED", { developerMessage: "This debit has already been reversed." });
    }
    return {
      status: 201,
      body: reverseResponse(posting.entry, debit.identifier),
      headers: posting.outcome === "replayed" ? { "Idempotent-Replayed": "true" } : undefined,
    };
  },
});

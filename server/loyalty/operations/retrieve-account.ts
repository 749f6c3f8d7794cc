import "server-only";
import {
  accountPathSchema,
  accountQuerySchema,
  retrieveAccountVersions,
  type AccountField,
  type AccountResponse,
} from "@/lib/contract/retrieve-account";
import type { AccountStatus } from "@/server/loyalty/ledger/ledger-tables";
import { requireAccountAccess } from "@/server/loyalty/http/caller-access";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";

/** Statuses in which an account is not shown (E5 ACCOUNT_NOT_FOUND). */
const unretrievableStatuses: ReadonlySet<AccountStatus> = new Set(["CANCELLED", "DECEASED", "FRAUD"]);

/**
 * `GET /v2/programmes/{programme-identifier}/accounts/{account-identifier}`:
 * the member's own token, or an agent (client token, X-Agent-Id, scope retrieve_account).
 */
export const retrieveAccount = partnerOperation({
  name: "retrieve-account",
  method: "GET",
  versions: retrieveAccountVersions,
  errorShape: "flat",
  token: "member-or-agent",
  agentScope: "retrieve_account",
  async handle({ db, params, url, partner, caller }) {
    const path = validateInput(accountPathSchema, params, { invalid: "DATA_INVALID" });
    const fieldValues = url.searchParams.getAll("fields");
    const query = validateInput(
      accountQuerySchema,
      { fields: fieldValues.length > 1 ? fieldValues : fieldValues[0] },
      { invalid: "DATA_INVALID" },
    );
    await requireAccountAccess(db, caller, partner.id, path);

    const record = await findMemberByMembershipNumber(db, path.accountIdentifier);
    if (!record || unretrievableStatuses.has(record.account.status)) {
      throw new ServiceError("ACCOUNT_NOT_FOUND", { developerMessage: "The account cannot be retrieved." });
    }

    const wanted = (field: AccountField) => !query.fields || query.fields.has(field);
    const { account } = record;
    const body: AccountResponse = {
      ...(wanted("AccountType") ? { accountType: account.accountType } : {}),
      ...(wanted("accountStatus") ? { accountStatus: account.status } : {}),
      ...(wanted("LastActivityDate") && account.lastActivityDate ? { lastActivityDate: account.lastActivityDate } : {}),
      ...(wanted("Balance")
        ? { balance: { amount: Number(account.balance), currency: { currencyCode: "POINTS" as const } } }
        : {}),
    };
    return { status: 200, body };
  },
});

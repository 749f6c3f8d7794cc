import "server-only";
import {
  recordLimits,
  retrieveTransactionsVersions,
  transactionQueryNames,
  transactionsQuerySchema,
  type RetrievedTransaction,
  type TransactionsResponse,
  type TransactionsVariant,
} from "@/lib/contract/retrieve-transactions";
import { programmeIdentifierSchema } from "@/lib/contract/common";
import type { Transaction } from "@/server/loyalty/ledger/ledger-tables";
import { requireAccountAccess } from "@/server/loyalty/http/caller-access";
import type { AuthenticatedCaller } from "@/server/loyalty/http/caller-token";
import { partnerOperation, type OperationContext } from "@/server/loyalty/http/partner-operation";
import { invalid, ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { listAccountTransactions } from "@/server/loyalty/ledger/list-account-transactions";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { findServiceRulesCached } from "@/server/loyalty/rules/cached-service-rules";
import type { ServiceRules } from "@/server/loyalty/rules/find-service-rules";
import type { RequestHeaders } from "@/server/loyalty/http/partner-request";

function variantOf(rules: ServiceRules, programmeIdentifier: string | undefined): TransactionsVariant | undefined {
  const programme = programmeIdentifier?.toUpperCase() ?? "";
  if (!programmeIdentifierSchema.safeParse(programme).success) return undefined;
  return rules.transactionsVariants.get(programme);
}

function programmeNotServed(): ServiceError {
  return new ServiceError("TOKEN_INVALID", {
    developerMessage: "This programme's transactions are not served on this path.",
  });
}

/** Query names must be lower case: a known name in another case is refused, not ignored. */
function readQuery(url: URL) {
  for (const name of url.searchParams.keys()) {
    const known = transactionQueryNames.find((candidate) => candidate === name.toLowerCase());
    if (known && known !== name) throw invalid("DATA_INVALID", undefined, `Send ${known} in lower case.`);
  }
  const value = (name: (typeof transactionQueryNames)[number]) => {
    const values = url.searchParams.getAll(name);
    return values.length > 1 ? values : values[0];
  };
  return {
    startRecord: value("start-record"),
    endRecord: value("end-record"),
    dateMadeFrom: value("date-made-from"),
    dateMadeTo: value("date-made-to"),
    externalSource: value("external-source"),
  };
}

function requireApplicationName(rules: ServiceRules, request: RequestHeaders): void {
  const applicationName = request.headers.get("svc_client_applicationname");
  if (applicationName !== rules.svcClientApplicationName) {
    throw invalid(
      "DATA_INVALID",
      undefined,
      applicationName === null
        ? "Send the svc_client_applicationName header given at registration."
        : "svc_client_applicationName is not the value given at registration.",
    );
  }
}

function amountOf(transaction: Transaction) {
  const points = transaction.pointsDelta < 0n ? -transaction.pointsDelta : transaction.pointsDelta;
  return { amount: Number(points), formattedAmount: points.toString(), currency: { currencyCode: "POINTS" as const } };
}

function toRetrieved(transaction: Transaction, variant: TransactionsVariant): RetrievedTransaction {
  const dateMade =
    variant === "primary" ? transaction.dateMade.toISOString().slice(0, 10) : transaction.dateMade.toISOString();
  const common = {
    identifier: transaction.identifier,
    dateMade,
    description: transaction.description ?? transaction.kind,
    amount: amountOf(transaction),
  };
  if (transaction.kind === "DEBIT") {
    // For a debit the reference is the service's own: always present, at most 10 characters.
    const reference = transaction.serviceReference ?? transaction.identifier.slice(-10);
    return { debitTransaction: { ...common, externalReferenceIdentifier: reference } };
  }
  return {
    creditTransaction: {
      ...common,
      ...(transaction.externalReferenceIdentifier
        ? { externalReferenceIdentifier: transaction.externalReferenceIdentifier }
        : {}),
      externalSource: transaction.externalSource ?? "LOYALTY",
    },
  };
}

const utcDay = (date: string) => new Date(`${date}T00:00:00.000Z`);

async function respond(
  context: OperationContext,
  variant: TransactionsVariant,
  caller: AuthenticatedCaller,
  accountIdentifier: string,
) {
  const query = validateInput(transactionsQuerySchema(variant), readQuery(context.url), { invalid: "DATA_INVALID" });
  await requireAccountAccess(context.db, caller, context.partner.id, {
    programmeIdentifier: context.params.programmeIdentifier ?? "",
    accountIdentifier,
  });
  const record = await findMemberByMembershipNumber(context.db, accountIdentifier);
  if (!record) throw new ServiceError("MEMBER_NOT_AUTHORIZED");

  const rows = await listAccountTransactions(context.db, record.account.id, {
    from: query.dateMadeFrom ? utcDay(query.dateMadeFrom) : undefined,
    // The last day is excluded: `date-made-to` of a day ends at 23:59:59 of the day before.
    before: query.dateMadeTo ? utcDay(query.dateMadeTo) : undefined,
    startRecord: query.startRecord ?? 1,
    endRecord: query.endRecord ?? recordLimits[variant],
  });
  const body: TransactionsResponse =
    rows.length === 0 ? {} : { transaction: rows.map((row) => toRetrieved(row, variant)) };
  return { status: 200, body };
}

const common = {
  name: "retrieve-transactions",
  method: "GET",
  versions: retrieveTransactionsVersions,
  errorShape: "wrapped",
  token: "member",
} as const;

/**
 * Primary-programme variant: `GET /v1/programmes/{programme}/accounts/transactions`,
 * the member from the token (so a member token only: an agent names the account).
 */
export const retrieveOwnTransactions = partnerOperation({
  ...common,
  async handle(context) {
    const rules = await findServiceRulesCached(context.db);
    if (variantOf(rules, context.params.programmeIdentifier) !== "primary") throw programmeNotServed();
    requireApplicationName(rules, context.request);
    const { member } = context;
    return respond(context, "primary", { kind: "member", member }, member.membershipNumber);
  },
});

/**
 * `GET /v1/programmes/{programme}/accounts/{account}/transactions`: the other
 * variant for the further programmes, and the primary variant's sample URL
 * with the account in the path. Agents of offline channels use this form
 * (client token, X-Agent-Id, scope retrieve_account).
 */
export const retrieveAccountTransactions = partnerOperation({
  ...common,
  token: "member-or-agent",
  agentScope: "retrieve_account",
  async handle(context) {
    const rules = await findServiceRulesCached(context.db);
    const variant = variantOf(rules, context.params.programmeIdentifier);
    if (!variant) throw programmeNotServed();
    if (variant === "primary") requireApplicationName(rules, context.request);
    const accountIdentifier = context.params.accountIdentifier ?? "";
    const limit = variant === "primary" ? 16 : 1;
    if (!new RegExp(`^\\d{${limit},24}$`).test(accountIdentifier)) {
      throw invalid("DATA_INVALID", "accountIdentifier", `account-identifier must be ${limit} to 24 digits.`);
    }
    return respond(context, variant, context.caller, accountIdentifier);
  },
});

import { z } from "zod";
import { operationNames } from "@/lib/contract/operation-names";
import {
  accountQuerySchema,
  accountResponseSchema,
  retrieveAccountVersions,
  type AccountResponse,
} from "@/lib/contract/retrieve-account";
import {
  retrieveTransactionsVersions,
  transactionsQuerySchema,
  transactionsResponseSchema,
  type TransactionsResponse,
} from "@/lib/contract/retrieve-transactions";
import { members, seededTransactions, svcClientApplicationName } from "@/lib/docs/sandbox-values";
import { accountIdentifier, programmeIdentifier } from "./parameters";
import type { DocumentedOperation } from "./types";

const account: AccountResponse = {
  accountType: "INDIVIDUAL",
  accountStatus: "ACTIVE",
  lastActivityDate: "2026-11-01",
  balance: { amount: members.rich.balance, currency: { currencyCode: "POINTS" } },
};

const history: TransactionsResponse = {
  transaction: [
    {
      creditTransaction: {
        identifier: seededTransactions.credit,
        dateMade: "2026-10-22",
        description: "DEMOSHOP-PURCHASE",
        externalReferenceIdentifier: "K7QX2M",
        externalSource: "DEMOSHOP",
        amount: { amount: 2000, formattedAmount: "2000", currency: { currencyCode: "POINTS" } },
      },
    },
    {
      debitTransaction: {
        identifier: seededTransactions.oldDebit,
        dateMade: "2026-09-22",
        description: "DEMOSHOP&POINTS",
        externalReferenceIdentifier: "R123456789",
        amount: { amount: 5000, formattedAmount: "5000", currency: { currencyCode: "POINTS" } },
      },
    },
  ],
};

const otherQuery = transactionsQuerySchema("other").shape;
const transactionsQuery = z.object({
  "start-record": otherQuery.startRecord.meta({
    description:
      "Position of the first transaction, counted from the latest (1). Must be below end-record. 1 to 20 on the primary programme, 1 to 99999 otherwise.",
    example: "1",
  }),
  "end-record": otherQuery.endRecord.meta({ description: "Position of the last transaction.", example: "10" }),
  "date-made-from": otherQuery.dateMadeFrom.meta({ description: "First day included, YYYY-MM-DD (UTC)." }),
  "date-made-to": otherQuery.dateMadeTo.meta({
    description: "Day excluded, YYYY-MM-DD: transactions up to 23:59:59 of the day before.",
  }),
  "external-source": otherQuery.externalSource.meta({ description: "Accepted and ignored (at most 10 characters)." }),
});

const tokenNote =
  "The member's access token in `Authorization: Bearer <token>`; the account must be the token's own, in the token's programme.";

export const retrieveAccount: DocumentedOperation = {
  id: "retrieveAccount",
  spec: "P2",
  summary: operationNames.retrieveAccount.name,
  description: `Balance, status, last activity date and account type. \`fields\` names the elements wanted (comma separated, any case); all when omitted. ${tokenNote}`,
  tag: "Accounts and transactions",
  method: "get",
  versions: retrieveAccountVersions,
  path: "/programmes/{programme-identifier}/accounts/{account-identifier}",
  testPath: false,
  errorShape: "flat",
  token: "member",
  headers: [
    { name: "X-Forwarded-For", required: false },
    { name: "X-Agent-Id", required: false },
  ],
  pathParameters: z.object({
    "programme-identifier": programmeIdentifier,
    "account-identifier": accountIdentifier,
  }),
  query: z.object({
    fields: accountQuerySchema.shape.fields.meta({
      description: "Balance, accountStatus, LastActivityDate or AccountType; several separated by commas.",
      example: "Balance",
    }),
  }),
  success: {
    status: 200,
    description: "The elements asked for.",
    schema: accountResponseSchema,
    examples: {
      all: { summary: "All elements", value: account },
      balance: { summary: "fields=Balance", value: { balance: account.balance } satisfies AccountResponse },
    },
  },
};

export const retrieveOwnTransactions: DocumentedOperation = {
  id: "retrieveOwnTransactions",
  spec: "P3",
  summary: operationNames.retrieveOwnTransactions.name,
  description: `The primary programme's variant: the member is the token's; dates are \`YYYY-MM-DD\`. Latest first; debits above 6 digits are never returned; \`transaction\` is absent when nothing matches. ${tokenNote}`,
  tag: "Accounts and transactions",
  method: "get",
  versions: retrieveTransactionsVersions,
  path: "/programmes/{programme-identifier}/accounts/transactions",
  testPath: true,
  errorShape: "wrapped",
  token: "member",
  headers: [
    { name: "svc_client_applicationName", required: true },
    { name: "X-Forwarded-For", required: false },
  ],
  pathParameters: z.object({ "programme-identifier": programmeIdentifier }),
  query: transactionsQuery,
  success: {
    status: 200,
    description: "The transactions in the range, latest first.",
    schema: transactionsResponseSchema,
    examples: {
      history: { summary: "A credit and a debit", value: history },
      none: { summary: "Nothing found", value: {} },
    },
  },
};

export const retrieveAccountTransactions: DocumentedOperation = {
  id: "retrieveAccountTransactions",
  spec: "P3",
  summary: operationNames.retrieveAccountTransactions.name,
  description: `The further programmes' variant (MERIDIAN, HORIZON: dates with time, records 1 to 99999), also serving the primary programme's sample URL with the account in the path (then \`svc_client_applicationName\` is required, value ${svcClientApplicationName}). ${tokenNote}`,
  tag: "Accounts and transactions",
  method: "get",
  versions: retrieveTransactionsVersions,
  path: "/programmes/{programme-identifier}/accounts/{account-identifier}/transactions",
  testPath: true,
  errorShape: "wrapped",
  token: "member",
  headers: [
    { name: "svc_client_applicationName", required: false },
    { name: "X-Forwarded-For", required: false },
  ],
  pathParameters: z.object({
    "programme-identifier": programmeIdentifier,
    "account-identifier": accountIdentifier,
  }),
  query: transactionsQuery,
  success: {
    status: 200,
    description: "The transactions in the range, latest first.",
    schema: transactionsResponseSchema,
    examples: { none: { summary: "Nothing found", value: {} } },
  },
};

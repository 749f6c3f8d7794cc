import { z } from "zod";
import { operationNames } from "@/lib/contract/operation-names";
import {
  creditCurrencyVersions,
  creditRequestSchema,
  creditResponseSchema,
  type CreditRequest,
  type CreditResponse,
} from "@/lib/contract/credit-currency";
import {
  debitCurrencyVersions,
  debitRequestSchema,
  debitResponseSchema,
  type DebitRequest,
  type DebitResponse,
} from "@/lib/contract/debit-currency";
import {
  reverseRequestSchema,
  reverseResponseSchema,
  reverseTransactionVersions,
  type ReverseRequest,
  type ReverseResponse,
} from "@/lib/contract/reverse-transaction";
import { members } from "@/lib/docs/sandbox-values";
import { accountIdentifier, programmeIdentifier } from "./parameters";
import type { DocumentedOperation } from "./types";

const ledgerPath = z.object({ "programme-identifier": programmeIdentifier, "account-identifier": accountIdentifier });
const debitIdentifier = "TX7K2M9Q4X1B3N8P5R6S0T2V";

export const creditExample: CreditRequest = {
  description: "HOTEL-STAY",
  monetaryAmount: { amount: "1500", currency: { currencyCode: "POINTS" } },
  externalTransactionIdentifier: "CRD-20261120-0001",
  externalTransactionDate: "2026-11-20T10:00:00.000Z",
  externalReferenceIdentifier: "BK4471",
  externalSource: "DEMOSHOP",
  type: "COLLECTION",
  person: { name: { firstName: members.rich.firstName, familyName: members.rich.familyName } },
};

const creditAnswer: CreditResponse = {
  dateMade: "2026-11-20T10:00:01.234Z",
  description: "HOTEL-STAY",
  monetaryAmount: { amount: "1500", formattedAmount: "1500", currency: { currencyCode: "POINTS" } },
  externalTransactionIdentifier: "CRD-20261120-0001",
  externalTransactionDate: "2026-11-20T10:00:00.000Z",
  externalReferenceIdentifier: "BK4471",
  externalSource: "DEMOSHOP",
  type: "COLLECTION",
};

export const debitExample: DebitRequest = {
  debitTransaction: {
    externalTransactionDate: "2026-11-20T10:00:00.0+00:00",
    monetaryAmount: { amount: "5000", currency: { currencyCode: "POINTS" } },
    description: "DEMOSHOP&POINTS",
    externalTransactionIdentifier: "ORDER-1001-DEBIT",
    externalReferenceDescription: "Flight LHR-MAD, points part",
    externalPartnerIdentifier: "WEB",
    productSummary: [{ productInstanceIdentifier: "FLIGHT-LHR-MAD", productTypeSummary: "FLIGHT" }],
    type: "REDEMPTION",
  },
};

const debitAnswer: DebitResponse = {
  debitTransaction: {
    identifier: debitIdentifier,
    dateMade: "2026-11-20T10:00:01.234Z",
    monetaryAmount: { amount: "5000", formattedAmount: "5000", currency: { currencyCode: "POINTS" } },
    description: "DEMOSHOP&POINTS",
    externalTransactionIdentifier: "ORDER-1001-DEBIT",
    externalReferenceDescription: "Flight LHR-MAD, points part",
    externalPartnerIdentifier: "WEB",
    type: "REDEMPTION",
  },
};

export const reverseExample: ReverseRequest = {
  reversalTransaction: {
    externalTransactionIdentifier: "ORDER-1001-REVERSAL",
    description: "CARD-DECLINED",
    type: "CANCELLATION",
    reversedTransaction: { identifier: debitIdentifier },
  },
};

const reverseAnswer: ReverseResponse = {
  reversalTransaction: {
    identifier: "TX9C4D2F7G1H3J5K8M0N6P4Q",
    dateMade: "2026-11-20T10:05:00.000Z",
    externalTransactionIdentifier: "ORDER-1001-REVERSAL",
    description: "CARD-DECLINED",
    type: "CANCELLATION",
    reversedTransaction: { identifier: debitIdentifier },
  },
};

const retryNote =
  "A retry with the same `externalTransactionIdentifier` (or the same `Idempotency-Key`) and the same body answers 201 with the original body and `Idempotent-Replayed: true`; nothing moves twice.";

export const creditCurrency: DocumentedOperation = {
  id: "creditCurrency",
  spec: "P4",
  summary: operationNames.creditCurrency.name,
  description: `Credits the account at once. The primary programme only (NORTHSTAR); the api_key is enough. \`person.name.familyName\` must be the account holder's (\`HOUSEHOLD\` or the holder's surname for a household account). ${retryNote}`,
  tag: "Points",
  method: "post",
  versions: creditCurrencyVersions,
  path: "/programmes/{programme-identifier}/accounts/{account-identifier}/credit-transaction-requests",
  testPath: false,
  errorShape: "flat",
  token: "none",
  headers: [
    { name: "Idempotency-Key", required: false },
    { name: "X-Forwarded-For", required: false },
  ],
  pathParameters: ledgerPath,
  body: () => ({
    schema: creditRequestSchema,
    examples: { collection: { summary: "1500 points for a hotel stay", value: creditExample } },
  }),
  success: {
    status: 201,
    description: "Credited (or a retry of the same credit).",
    schema: creditResponseSchema,
    examples: { credited: { summary: "Credited", value: creditAnswer } },
  },
};

export const debitCurrency: DocumentedOperation = {
  id: "debitCurrency",
  spec: "P5",
  summary: operationNames.debitCurrency.name,
  description: `Validates, checks the balance, debits and confirms in one step; on any error the balance is unchanged. Needs the member's token for this account. Keep \`debitTransaction.identifier\` from the answer: it is what a reversal names. ${retryNote}`,
  tag: "Points",
  method: "post",
  versions: debitCurrencyVersions,
  path: "/programmes/{programme-identifier}/accounts/{account-identifier}/debit-transaction-requests",
  testPath: false,
  errorShape: "wrapped",
  token: "member",
  headers: [
    { name: "svc_client_application_name", required: true },
    { name: "Idempotency-Key", required: false },
    { name: "X-Agent-Id", required: false },
    { name: "X-Forwarded-For", required: false },
  ],
  pathParameters: ledgerPath,
  body: () => ({
    schema: debitRequestSchema,
    examples: { redemption: { summary: "5000 points towards a flight", value: debitExample } },
  }),
  success: {
    status: 201,
    description: "Debited (or a retry of the same debit).",
    schema: debitResponseSchema,
    examples: { debited: { summary: "Debited", value: debitAnswer } },
  },
};

export const reverseTransaction: DocumentedOperation = {
  id: "reverseTransaction",
  spec: "P6",
  summary: operationNames.reverseTransaction.name,
  description: `Gives back the whole amount of one debit, once, within 24 hours of it (NORTHSTAR and MERIDIAN). Needs a member token issued with scope \`reverse_transaction\`. ${retryNote}`,
  tag: "Points",
  method: "post",
  versions: reverseTransactionVersions,
  path: "/programmes/{programme-identifier}/accounts/{account-identifier}/reverse-transaction-requests",
  testPath: false,
  errorShape: "wrapped",
  token: "member",
  scope: "reverse_transaction",
  headers: [
    { name: "Idempotency-Key", required: false },
    { name: "X-Agent-Id", required: false },
    { name: "X-Forwarded-For", required: false },
  ],
  pathParameters: ledgerPath,
  body: () => ({
    schema: reverseRequestSchema,
    examples: { cancellation: { summary: "The card payment failed", value: reverseExample } },
  }),
  success: {
    status: 201,
    description: "Reversed (or a retry of the same reversal).",
    schema: reverseResponseSchema,
    examples: { reversed: { summary: "Reversed", value: reverseAnswer } },
  },
};

import { randomUUID } from "node:crypto";
import { creditCurrency as creditRoute } from "@/server/loyalty/operations/credit-currency";
import { debitCurrency as debitRoute } from "@/server/loyalty/operations/debit-currency";
import { reverseTransaction as reverseRoute } from "@/server/loyalty/operations/reverse-transaction";
import { callRoute, demoApiKey, withKey } from "./call-route";

/** A unique partner transaction identifier. */
export function externalId(prefix = "T"): string {
  return `${prefix}${randomUUID().replaceAll("-", "").slice(0, 20)}`;
}

export function creditBody(overrides: Record<string, unknown> = {}) {
  return {
    description: "HOTEL-STAY",
    monetaryAmount: { amount: "1500", currency: { currencyCode: "POINTS" } },
    externalTransactionIdentifier: externalId("C"),
    externalTransactionDate: "2026-01-15T10:00:00.000Z",
    externalReferenceIdentifier: "BK123",
    externalSource: "DEMOSHOP",
    type: "COLLECTION",
    person: { name: { firstName: "Alex", familyName: "Example" } },
    ...overrides,
  };
}

export function debitBody(overrides: Record<string, unknown> = {}) {
  return {
    debitTransaction: {
      externalTransactionDate: "2026-01-15T10:00:00.0Z",
      monetaryAmount: { amount: "100", currency: { currencyCode: "POINTS" } },
      description: "REWARD&FLIGHT",
      externalTransactionIdentifier: externalId("D"),
      externalReferenceDescription: "Order 42",
      externalPartnerIdentifier: "WEB",
      type: "REDEMPTION",
      ...overrides,
    },
  };
}

export function reversalBody(reversedIdentifier: string, overrides: Record<string, unknown> = {}) {
  return {
    reversalTransaction: {
      externalTransactionIdentifier: externalId("R"),
      description: "CASH-PAYMENT-FAILED",
      type: "CANCELLATION",
      reversedTransaction: { identifier: reversedIdentifier },
      ...overrides,
    },
  };
}

interface LedgerCall {
  account: string;
  programme?: string;
  body: unknown;
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
  method?: string;
  version?: string;
  apiKey?: string;
}

function ledgerCall(routeModule: object, operation: string, call: LedgerCall, defaultHeaders: Record<string, string>) {
  const programme = call.programme ?? "NORTHSTAR";
  const version = call.version ?? "v1";
  return callRoute(routeModule, {
    method: call.method ?? "POST",
    url: withKey(
      `/api/${version}/programmes/${programme}/accounts/${call.account}/${operation}`,
      call.apiKey ?? demoApiKey,
    ),
    params: { version, programmeIdentifier: programme, accountIdentifier: call.account },
    headers: {
      "Content-Type": "application/json",
      ...defaultHeaders,
      ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
      ...call.headers,
    },
    body: call.method === "GET" ? undefined : (call.rawBody ?? JSON.stringify(call.body)),
  });
}

export const postCredit = (call: LedgerCall) => ledgerCall(creditRoute, "credit-transaction-requests", call, {});
export const postDebit = (call: LedgerCall) =>
  ledgerCall(debitRoute, "debit-transaction-requests", call, { svc_client_application_name: "PARTNERPORTAL" });
export const postReversal = (call: LedgerCall) => ledgerCall(reverseRoute, "reverse-transaction-requests", call, {});

import type { RequestLogOperation } from "@/lib/contract/request-log";
import { loggedOperationId, operationNames, operationTitle } from "@/lib/contract/operation-names";

/** The request log page's filters as its address carries them (`?request-id=…&operation=…&status=…&page=…`). */
export interface RequestLogFilters {
  requestId?: string;
  operation?: RequestLogOperation;
  status?: string;
  page: number;
}

/** The filter's choices: each recorded name under the name the docs give it (lib/contract/operation-names.ts). */
export const operationLabels: Record<RequestLogOperation, string> = {
  "retrieve-programme": `${operationTitle("retrieveProgrammeList")}, ${operationNames.retrieveProgramme.name}`,
  "retrieve-account": operationTitle("retrieveAccount"),
  "retrieve-transactions": `${operationTitle("retrieveOwnTransactions")}, ${operationNames.retrieveAccountTransactions.name}`,
  "credit-currency": operationTitle("creditCurrency"),
  "debit-currency": operationTitle("debitCurrency"),
  "reverse-transaction": operationTitle("reverseTransaction"),
  "register-account": operationTitle("registerAccount"),
  "update-membership": operationTitle("updateMembership"),
  "retrieve-membership": operationTitle("retrieveMembership"),
  "retrieve-product-prices": operationTitle("retrieveProductPrices"),
  "member-login": operationTitle("memberLogin"),
  "grant-token": operationTitle("grantToken"),
  "unknown-path": "No operation at this path",
};

/** A logged request's operation, named as the docs name it (the path tells P1's and P3's two apart). */
export function operationLabel(operation: string, path = ""): string {
  const id = loggedOperationId(operation, path);
  if (id) return operationTitle(id);
  return operation in operationLabels ? operationLabels[operation as RequestLogOperation] : operation;
}

/** The status filter's choices; any other status (`404`) can still be asked for in the address. */
export const statusChoices = [
  { value: "2xx", label: "Successes (2xx)" },
  { value: "4xx", label: "Refusals (4xx)" },
  { value: "5xx", label: "Service errors (5xx)" },
] as const;

/** The request log's page: the developer console's, for the signed-in developer's partner only. */
export const requestLogPath = "/developers/requests";

/** The page's address for these filters (empty ones left out), e.g. for paging. */
export function requestLogHref(filters: Partial<RequestLogFilters>): string {
  const query = new URLSearchParams();
  if (filters.requestId) query.set("request-id", filters.requestId);
  if (filters.operation) query.set("operation", filters.operation);
  if (filters.status) query.set("status", filters.status);
  if (filters.page && filters.page > 1) query.set("page", String(filters.page));
  const text = query.toString();
  return text ? `${requestLogPath}?${text}` : requestLogPath;
}

/** `/docs/api/errors/programme-not-found`: the error catalogue's page of a code. */
export function errorCatalogueHref(code: string): string {
  return `/docs/api/errors/${code.toLowerCase().replaceAll("_", "-")}`;
}

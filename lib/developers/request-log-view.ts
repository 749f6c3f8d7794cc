import type { RequestLogOperation } from "@/lib/contract/request-log";

/** The request log page's filters as its address carries them (`?request-id=…&operation=…&status=…&page=…`). */
export interface RequestLogFilters {
  requestId?: string;
  operation?: RequestLogOperation;
  status?: string;
  page: number;
}

/** The operations as the docs name them, in the spec's order. */
export const operationLabels: Record<RequestLogOperation, string> = {
  "retrieve-programme": "P1 Retrieve programme",
  "retrieve-account": "P2 Retrieve account",
  "retrieve-transactions": "P3 Retrieve transactions",
  "credit-currency": "P4 Credit points",
  "debit-currency": "P5 Debit points",
  "reverse-transaction": "P6 Reverse a debit",
  "register-account": "P7 Register for online access",
  "update-membership": "P8 Update membership",
  "retrieve-membership": "Retrieve membership (read model)",
  "retrieve-product-prices": "P9 Product pricing",
  "unknown-path": "No operation at this path",
};

export function operationLabel(operation: string): string {
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

/**
 * One name per operation, wherever it appears: the API reference and the OpenAPI document, the request log, the
 * developer console and its go-live checklist. A page may put the spec's code beside the name ("List programmes ·
 * P1"), never another name. Keyed by the OpenAPI operation id; the member's login and the token service, which the
 * request log records too, by the log's own names.
 */
export const operationNames = {
  retrieveProgrammeList: { name: "List programmes", spec: "P1" },
  retrieveProgramme: { name: "Retrieve a programme", spec: "P1" },
  retrieveAccount: { name: "Retrieve an account", spec: "P2" },
  retrieveOwnTransactions: { name: "List the member's transactions", spec: "P3" },
  retrieveAccountTransactions: { name: "List an account's transactions", spec: "P3" },
  creditCurrency: { name: "Credit points", spec: "P4" },
  debitCurrency: { name: "Debit points", spec: "P5" },
  reverseTransaction: { name: "Reverse a debit", spec: "P6" },
  registerAccount: { name: "Register a security profile", spec: "P7" },
  updateMembership: { name: "Update a membership", spec: "P8" },
  retrieveMembership: { name: "Retrieve a membership", spec: "Extension" },
  retrieveProductPrices: { name: "Price products", spec: "P9" },
  retrieveRequestLog: { name: "Retrieve your request log", spec: "Extension" },
  memberLogin: { name: "Member login", spec: "A1" },
  grantToken: { name: "Get a token", spec: "A2" },
} as const satisfies Record<string, { name: string; spec: string }>;

export type NamedOperation = keyof typeof operationNames;

/** `List programmes · P1`: the name, then the spec's code (left out for an extension). */
export function operationTitle(id: NamedOperation): string {
  const { name, spec } = operationNames[id];
  return spec === "Extension" ? name : `${name} · ${spec}`;
}

/**
 * The operation a request-log row is, from the name the log records it under and its path: P1 and P3 serve two
 * paths each (with and without the programme, the account). Undefined for a path no operation serves.
 */
export function loggedOperationId(operation: string, path: string): NamedOperation | undefined {
  const pathname = path.split("?")[0] ?? "";
  switch (operation) {
    case "retrieve-programme":
      return /\/programmes\/[^/]+$/.test(pathname) ? "retrieveProgramme" : "retrieveProgrammeList";
    case "retrieve-transactions":
      return /\/accounts\/[^/]+\/transactions$/.test(pathname)
        ? "retrieveAccountTransactions"
        : "retrieveOwnTransactions";
    case "retrieve-account":
      return "retrieveAccount";
    case "credit-currency":
      return "creditCurrency";
    case "debit-currency":
      return "debitCurrency";
    case "reverse-transaction":
      return "reverseTransaction";
    case "register-account":
      return "registerAccount";
    case "update-membership":
      return "updateMembership";
    case "retrieve-membership":
      return "retrieveMembership";
    case "retrieve-product-prices":
      return "retrieveProductPrices";
    case "member-login":
      return "memberLogin";
    case "grant-token":
      return "grantToken";
    default:
      return undefined;
  }
}

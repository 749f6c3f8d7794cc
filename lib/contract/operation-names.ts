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

/** The operations the request log records under one name for one path. */
const oneOperationPerName: Record<string, NamedOperation> = {
  "retrieve-account": "retrieveAccount",
  "credit-currency": "creditCurrency",
  "debit-currency": "debitCurrency",
  "reverse-transaction": "reverseTransaction",
  "register-account": "registerAccount",
  "update-membership": "updateMembership",
  "retrieve-membership": "retrieveMembership",
  "retrieve-product-prices": "retrieveProductPrices",
  "retrieve-request-log": "retrieveRequestLog",
  "member-login": "memberLogin",
  "grant-token": "grantToken",
};

/**
 * The operation a request is, from the name the service logs it under and
 * what its path names: P1 and P3 serve two paths each (with and without the
 * programme, the account). Undefined for a name no operation has.
 */
export function namedOperationOf(
  operation: string,
  pathNames: { programme: boolean; account: boolean },
): NamedOperation | undefined {
  if (operation === "retrieve-programme") return pathNames.programme ? "retrieveProgramme" : "retrieveProgrammeList";
  if (operation === "retrieve-transactions")
    return pathNames.account ? "retrieveAccountTransactions" : "retrieveOwnTransactions";
  return Object.hasOwn(oneOperationPerName, operation) ? oneOperationPerName[operation] : undefined;
}

/** The operation a request-log row is, from the name the log records it under and its path. */
export function loggedOperationId(operation: string, path: string): NamedOperation | undefined {
  const pathname = path.split("?")[0] ?? "";
  return namedOperationOf(operation, {
    programme: /\/programmes\/[^/]+$/.test(pathname),
    account: /\/accounts\/[^/]+\/transactions$/.test(pathname),
  });
}

import { operationTitle } from "@/lib/contract/operation-names";
import { retrieveAccount, retrieveAccountTransactions, retrieveOwnTransactions } from "./accounts";
import { creditCurrency, debitCurrency, reverseTransaction } from "./ledger";
import { registerAccount, retrieveMembership, updateMembership } from "./memberships";
import { retrieveProductPrices } from "./pricing";
import { retrieveProgramme, retrieveProgrammeList } from "./programmes";
import { retrieveRequestLog } from "./request-log";
import type { DocumentedOperation, OperationId } from "./types";

export type { DocumentedOperation, OperationId } from "./types";

/** Every partner operation, in the spec's order, then the request log (an extension). */
export const documentedOperations: readonly DocumentedOperation[] = [
  retrieveProgrammeList,
  retrieveProgramme,
  retrieveAccount,
  retrieveOwnTransactions,
  retrieveAccountTransactions,
  creditCurrency,
  debitCurrency,
  reverseTransaction,
  registerAccount,
  updateMembership,
  retrieveMembership,
  retrieveProductPrices,
  retrieveRequestLog,
];

export function documentedOperation(id: OperationId): DocumentedOperation {
  const found = documentedOperations.find((operation) => operation.id === id);
  if (!found) throw new Error(`no documented operation ${id}`);
  return found;
}

/** The concrete paths an operation is served on: each version, and under /api/test/ where the spec has it. */
export function servedPaths(operation: DocumentedOperation): { version: string; test: boolean; path: string }[] {
  return operation.versions.flatMap((version) => [
    { version, test: false, path: `/api/${version}${operation.path}` },
    ...(operation.testPath ? [{ version, test: true, path: `/api/test/${version}${operation.path}` }] : []),
  ]);
}

/** `List programmes · P1`, as every page names an operation (lib/contract/operation-names.ts). */
export function operationLabel(operation: DocumentedOperation): string {
  return operationTitle(operation.id);
}

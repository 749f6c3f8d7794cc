import type { OperationId } from "@/lib/docs/operations/types";
import { catalogueEntries, type ErrorName } from "./catalogue";
import { errorDocOf } from "./error-docs";

const byOperation = new Map<OperationId, readonly ErrorName[]>();

/**
 * The catalogue entries an operation can answer, as the error catalogue
 * documents them: the entries of every operation and those naming this one
 * (never RESOURCE_NOT_FOUND, which answers paths no operation serves). What
 * `X-Sandbox-Scenario` accepts on the operation, and what its OpenAPI
 * parameter lists.
 */
export function errorNamesOf(operation: OperationId): readonly ErrorName[] {
  let names = byOperation.get(operation);
  if (!names) {
    names = catalogueEntries
      .filter((entry) => {
        const scope = errorDocOf(entry.name, entry.message).scope;
        return scope === "every" || (Array.isArray(scope) && scope.includes(operation));
      })
      .map((entry) => entry.name);
    byOperation.set(operation, names);
  }
  return names;
}

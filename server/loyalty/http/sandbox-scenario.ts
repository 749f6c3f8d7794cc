import "server-only";
import type { PartnerOperationName } from "@/lib/contract/request-log";
import { errorNamesOf } from "@/lib/docs/errors/operation-errors";
import type { OperationId } from "@/lib/docs/operations/types";
import { namedOperationOf } from "@/lib/contract/operation-names";
import { sandboxScenarioHeader } from "@/lib/contract/sandbox-scenario";
import { errorCatalogue, type ErrorName } from "@/lib/contract/error-catalogue";
import { bearerChallenge } from "./member-token";
import { invalid, ServiceError } from "./service-error";
import type { RequestHeaders } from "./partner-request";

/** The documented operation a request of a wrapped operation is (one name per operation, as the docs name it). */
export function documentedOperationOf(name: PartnerOperationName, params: Record<string, string>): OperationId {
  const id = namedOperationOf(name, {
    programme: params.programmeIdentifier !== undefined,
    account: params.accountIdentifier !== undefined,
  });
  if (id === undefined || id === "memberLogin" || id === "grantToken")
    throw new Error(`no documented partner operation is named ${name}`);
  return id;
}

/** What the header accepts on an operation: the entries the error catalogue documents for it. */
export const scenariosOf = errorNamesOf;

/**
 * `X-Sandbox-Scenario` on a staging key (docs/decisions.md, "Developer
 * console"): the catalogued error the header names, exactly as the catalogue
 * documents it for this operation, thrown before anything is read or written;
 * a name the operation cannot answer is refused (the header's validation
 * error, naming the ones it can). The sender's value is never repeated.
 * Undefined when the header is absent.
 */
export function forcedScenario(
  request: RequestHeaders,
  operation: OperationId,
  options: { method: string; invalidHeader: ErrorName },
): { name: ErrorName; error: ServiceError } | undefined {
  const value = request.headers.get(sandboxScenarioHeader);
  if (value === null) return undefined;
  const allowed = scenariosOf(operation);
  const name = allowed.find((candidate) => candidate === value.trim());
  if (name === undefined) {
    throw invalid(
      options.invalidHeader,
      undefined,
      `${sandboxScenarioHeader} must name an error this operation can answer: ${allowed.join(", ")}.`,
    );
  }
  const definition = errorCatalogue[name];
  return {
    name,
    error: new ServiceError(name, {
      developerMessage: `Forced by ${sandboxScenarioHeader}: ${definition.message} Nothing was read or changed.`,
      headers: scenarioHeaders(name, definition.status, options.method),
    }),
  };
}

/** The headers the real refusal carries with it. */
function scenarioHeaders(name: ErrorName, status: number, method: string): Record<string, string> {
  const headers: Record<string, string> = { "Sandbox-Scenario": name };
  if (status === 401) Object.assign(headers, bearerChallenge);
  if (status === 429 || name === "IDEMPOTENCY_KEY_IN_PROGRESS") headers["Retry-After"] = "1";
  if (name === "METHOD_NOT_SUPPORTED" || name === "HTTP_METHOD_NOT_SUPPORTED") headers.Allow = method;
  return headers;
}

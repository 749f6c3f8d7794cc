import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { sandboxScenarioHeader } from "@/lib/contract/sandbox-scenario";
import { sandboxTimeHeader, sandboxTimeHeaderSchema } from "@/lib/contract/sandbox-time";
import { errorNamesOf } from "@/lib/docs/errors/operation-errors";
import { headerSchemas } from "@/lib/docs/operations/parameters";
import { documentedOperations, servedPaths } from "@/lib/docs/operations";
import type { DocumentedOperation } from "@/lib/docs/operations/types";
import { errorResponses } from "./error-responses";

const requestIdHeader = z.string().meta({ description: "The request's id: quote it to support." });

function securityOf(operation: DocumentedOperation): Record<string, string[]>[] {
  if (operation.token === "none") return [{ api_key: [] }];
  const member = { api_key: [], memberToken: operation.scope ? [operation.scope] : [] };
  return operation.token === "member" ? [member] : [{ api_key: [] }, member];
}

/** `X-Sandbox-Scenario`: on every operation, the names of the errors it can answer. */
function scenarioHeader(operation: DocumentedOperation) {
  const names = errorNamesOf(operation.id) as [string, ...string[]];
  return z
    .enum(names)
    .optional()
    .meta({
      description: `Sandbox only, staging keys only: the operation answers this catalogued error exactly as the error catalogue documents it (status, shape, code, child code, developerLink), before anything is read or changed. A name the operation cannot answer is refused with DATA_INVALID naming those it can; live keys ignore the header. See /docs/api/errors.`,
      example: names.includes("DATA_INVALID") ? "DATA_INVALID" : names[0],
    });
}

function headerParameters(operation: DocumentedOperation) {
  return z.object({
    ...Object.fromEntries(
      operation.headers.map(({ name, required }) => [
        name,
        required ? headerSchemas[name] : headerSchemas[name].optional(),
      ]),
    ),
    [sandboxScenarioHeader]: scenarioHeader(operation),
  });
}

function operationId(operation: DocumentedOperation, version: string, test: boolean): string {
  const versioned = operation.versions.length > 1 ? `${operation.id}${version.toUpperCase()}` : operation.id;
  return test ? `${versioned}OnTestPath` : versioned;
}

function describe(operation: DocumentedOperation, test: boolean): string {
  const served = `Served on ${operation.versions.join(", ")}${operation.testPath ? ", also under /api/test/" : ""}.`;
  const shape = `Errors are ${operation.errorShape === "flat" ? "flat" : "wrapped in `error`"} (gateway errors always wrapped).`;
  const testNote = test ? "\n\nThe spec's test path: the same operation, the same sandbox data." : "";
  return `${operation.description}\n\n${served} ${shape} Spec: ${operation.spec}.${testNote}`;
}

function successResponse(operation: DocumentedOperation) {
  const { success } = operation;
  const headers = z.object({
    "X-Request-Id": requestIdHeader,
    [sandboxTimeHeader]: sandboxTimeHeaderSchema,
    ...(success.status === 201
      ? {
          "Idempotent-Replayed": z
            .literal("true")
            .optional()
            .meta({ description: "Present when this answer is the replay of an earlier identical request." }),
        }
      : {}),
  });
  return {
    description: success.description,
    headers,
    ...(success.schema
      ? { content: { "application/json": { schema: success.schema, examples: success.examples } } }
      : {}),
  };
}

function operationObject(
  operation: DocumentedOperation,
  version: string,
  test: boolean,
  origin: string,
): ZodOpenApiOperationObject {
  const body = operation.body?.(version);
  const header = headerParameters(operation);
  return {
    operationId: operationId(operation, version, test),
    summary: test ? `${operation.summary} (test path)` : operation.summary,
    description: describe(operation, test),
    tags: [operation.tag],
    security: securityOf(operation),
    requestParams: {
      ...(operation.pathParameters ? { path: operation.pathParameters } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(header ? { header } : {}),
    },
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: body.schema, examples: body.examples } },
          },
        }
      : {}),
    responses: {
      [String(operation.success.status)]: successResponse(operation),
      ...errorResponses(operation, origin),
    },
  };
}

/** The partner operations' paths: each operation on each of its versions, and on the test path where served. */
export function partnerOperationPaths(origin: string): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of documentedOperations) {
    for (const served of servedPaths(operation)) {
      paths[served.path] = {
        ...paths[served.path],
        [operation.method]: operationObject(operation, served.version, served.test, origin),
      };
    }
  }
  return paths;
}

import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { errorBodySchema, wrappedErrorBodySchema, type ErrorShape } from "@/lib/contract/error-body";
import { catalogueEntries, type CatalogueEntry } from "@/lib/docs/errors/catalogue";
import { errorDocOf } from "@/lib/docs/errors/error-docs";
import type { DocumentedOperation, OperationId } from "@/lib/docs/operations/types";
import { sandboxTimeHeader, sandboxTimeHeaderSchema } from "@/lib/contract/sandbox-time";
import { codeLabel, errorExample, shapeOf } from "./error-examples";

/** Whether the service can answer `entry` on `operation` (an undocumented new entry: on every operation). */
export function answersOn(entry: CatalogueEntry, operationId: OperationId): boolean {
  const scope = errorDocOf(entry.name, entry.message).scope;
  if (scope === "every") return true;
  if (scope === "unknown-path") return false;
  return scope.includes(operationId);
}

export function errorEntriesOf(operation: Pick<DocumentedOperation, "id">): CatalogueEntry[] {
  return catalogueEntries.filter((entry) => answersOn(entry, operation.id));
}

function schemaFor(shapes: ReadonlySet<ErrorShape>) {
  const flat = shapes.has("flat");
  const wrapped = shapes.has("wrapped");
  // A flat operation's gateway errors are wrapped: both shapes under one status.
  if (flat && wrapped) return z.union([errorBodySchema, wrappedErrorBodySchema]);
  return wrapped ? wrappedErrorBodySchema : errorBodySchema;
}

/**
 * The operation's error responses by status: every catalogue entry it can
 * answer, in the shape it is answered in, with an example body of each.
 */
export function errorResponses(
  operation: Pick<DocumentedOperation, "id" | "errorShape">,
  origin: string,
): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, CatalogueEntry[]>();
  for (const entry of errorEntriesOf(operation)) {
    byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), entry]);
  }
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, entries] of [...byStatus].sort(([a], [b]) => a - b)) {
    const shapes = new Set(entries.map((entry) => shapeOf(entry, operation.errorShape)));
    const lines = entries.map(
      (entry) =>
        `- **${codeLabel(entry)}**${entry.gateway ? " (gateway, wrapped)" : ""}: ${errorDocOf(entry.name, entry.message).when}`,
    );
    responses[String(status)] = {
      description: `${lines.join("\n")}\n\nEach code links to its entry in the [error catalogue](/docs/api/errors).`,
      headers: z.object({ [sandboxTimeHeader]: sandboxTimeHeaderSchema }),
      content: {
        "application/json": {
          schema: schemaFor(shapes),
          examples: Object.fromEntries(
            entries.map((entry) => [
              entry.name,
              {
                summary: codeLabel(entry),
                // When it is answered, per example: the reference lists the cases from these.
                description: `${errorDocOf(entry.name, entry.message).when}${entry.gateway ? " (gateway, wrapped)" : ""}`,
                value: errorExample(entry, shapeOf(entry, operation.errorShape), origin),
              },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

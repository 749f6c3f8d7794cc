import type { ErrorShape } from "@/lib/contract/error-body";
import { documentedOperation, documentedOperations, operationLabel } from "@/lib/docs/operations";
import type { DocumentedOperation } from "@/lib/docs/operations/types";
import { otherPartnerKeys, sandboxApiKey, sandboxPassword } from "@/lib/docs/sandbox-values";
import { anchorOf, type CatalogueEntry } from "./catalogue";
import { errorDocOf } from "./error-docs";
import { errorRecipes, type ErrorRecipe, type RecipeRequest } from "./error-recipes";

/** Where an entry's full description lives: under its most specific code (the child's, when it has one). */
export function homeCode(entry: CatalogueEntry): string {
  return entry.childCode ?? entry.code;
}

export function entryAnchor(entry: CatalogueEntry): string {
  return `entry-${anchorOf(entry.name)}`;
}

/** The operations an entry can be answered on, for display. */
export function operationsOf(entry: CatalogueEntry): DocumentedOperation[] | "every" | "unknown-path" {
  const scope = errorDocOf(entry.name, entry.message).scope;
  if (scope === "every" || scope === "unknown-path") return scope;
  return scope.map(documentedOperation);
}

function labels(operations: readonly DocumentedOperation[]): string {
  return operations.map(operationLabel).join("; ");
}

/** "flat on …; wrapped on …", or the gateway's rule. */
export function shapeText(entry: CatalogueEntry): string {
  const operations = operationsOf(entry);
  if (entry.gateway || operations === "unknown-path") return "Always wrapped in `error` (gateway-level).";
  const list = operations === "every" ? documentedOperations : operations;
  const byShape = (shape: ErrorShape) => list.filter((operation) => operation.errorShape === shape);
  const parts = (["flat", "wrapped"] as const)
    .filter((shape) => byShape(shape).length > 0)
    .map(
      (shape) =>
        `${shape === "flat" ? "Flat" : "Wrapped in `error`"} on ${byShape(shape)
          .map((op) => op.spec)
          .join(", ")}`,
    );
  return `${[...new Set(parts)].join("; ")}.`;
}

export function operationsText(entry: CatalogueEntry): string {
  const operations = operationsOf(entry);
  if (operations === "every") return "Every partner operation.";
  if (operations === "unknown-path") return "Any path under /api that no operation serves.";
  return `${labels(operations)}.`;
}

export function recipeOf(entry: CatalogueEntry): ErrorRecipe | undefined {
  return errorRecipes[entry.name];
}

/** Who sends a recipe's request, in words. */
export function recipeActor(request: RecipeRequest): string {
  const key =
    request.apiKey === undefined || request.apiKey === sandboxApiKey
      ? "the Demo Partner's staging key"
      : request.apiKey === otherPartnerKeys.inactive
        ? "the Inactive Partner's key"
        : request.apiKey === otherPartnerKeys.withoutProgramme
          ? "the Partner Without Programme's key"
          : request.apiKey === null
            ? "no api_key"
            : "an unknown key";
  if (!request.memberToken) return `With ${key}.`;
  const scope = request.memberToken.scope ? ` with scope ${request.memberToken.scope}` : "";
  return `With ${key}. Log ${request.memberToken.username} in (password ${sandboxPassword})${scope} as the quickstart shows, and put the access token in MEMBER_TOKEN.`;
}

/** What the sandbox answers, in words. */
export function expectedText(entry: CatalogueEntry, operationShape: ErrorShape): string {
  const shape = entry.gateway || operationShape === "wrapped" ? "inside `error`" : "flat";
  const child = entry.childCode ? ` and childError[0].code ${entry.childCode}` : "";
  return `HTTP ${entry.status}, code ${entry.code}${child} (${shape}).`;
}

/** The shape a recipe's answer comes in. */
export function recipeShape(recipe: ErrorRecipe & { kind: "recipe" }): ErrorShape {
  return recipe.operation === "unknown-path" ? "wrapped" : documentedOperation(recipe.operation).errorShape;
}

import type { z } from "zod";
import type { ErrorName } from "@/lib/contract/error-catalogue";
import { ServiceError, type ChildErrorDetail } from "./service-error";

/**
 * Which catalogue entry a failing node maps to. A refinement can name its own
 * entry through `params: { error: "..." }`; otherwise a node that is absent is
 * `missing` and any other failure is `invalid`.
 */
export interface IssueMapping {
  invalid: ErrorName;
  missing?: ErrorName;
}

/** `a.b[0].c`: the spec's childError path (letters, dots, brackets). */
export function issuePath(path: readonly PropertyKey[]): string | undefined {
  let rendered = "";
  for (const segment of path) {
    if (typeof segment === "number") rendered += `[${segment}]`;
    else rendered += rendered === "" ? String(segment) : `.${String(segment)}`;
  }
  return rendered === "" ? undefined : rendered;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function errorNameOf(issue: z.core.$ZodIssue, input: unknown, mapping: IssueMapping): ErrorName {
  const named = issue.code === "custom" ? (issue.params as { error?: ErrorName } | undefined)?.error : undefined;
  if (named) return named;
  const absent = issue.code === "invalid_type" && valueAt(input, issue.path) === undefined;
  return absent && mapping.missing ? mapping.missing : mapping.invalid;
}

/**
 * Parses input against a contract schema. On failure throws one ServiceError
 * whose catalogue entry is that of the first issue, carrying a child per
 * issue of that entry, each with the path of the node that failed.
 */
export function validateInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  mapping: IssueMapping,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;

  const issues = result.error.issues;
  const first = issues[0];
  const errorName = first ? errorNameOf(first, input, mapping) : mapping.invalid;
  const children: ChildErrorDetail[] = issues
    .filter((issue) => errorNameOf(issue, input, mapping) === errorName)
    .map((issue) => ({ path: issuePath(issue.path), developerMessage: messageOf(issue) }));
  throw new ServiceError(errorName, { children, developerMessage: children[0]?.developerMessage });
}

/** An element name worth repeating back: a plain identifier, not whatever text a caller chose to send. */
const plainName = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

/**
 * The issue's message, never repeating input that failed: unknown element
 * names are named only when they look like element names.
 */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== "unrecognized_keys") return issue.message;
  const names = issue.keys.filter((key) => plainName.test(key));
  if (names.length === 0 || names.length < issue.keys.length) return "contains elements the contract does not have";
  return `unknown element${names.length > 1 ? "s" : ""}: ${names.join(", ")}`;
}

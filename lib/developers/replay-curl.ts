import { shellQuote } from "@/lib/docs/curl";
import { redactedValue } from "./redact-body";

/** What the console knows of a logged request: its path without secrets and its redacted body. */
export interface LoggedRequest {
  method: string;
  /** Path and kept query parameters, never api_key. */
  path: string;
  operation: string;
  requestBody?: unknown;
}

/** Operations whose requests carry a member's (or an agent's) token. */
const tokenOperations = new Set([
  "retrieve-account",
  "retrieve-transactions",
  "debit-currency",
  "reverse-transaction",
  "update-membership",
  "retrieve-membership",
]);

/**
 * A curl command that sends a logged request again with the partner's own
 * key: `$API_KEY` (and `$MEMBER_TOKEN` where a token is needed) are shell
 * variables the developer sets, since the log never holds either; values the
 * log redacted stay marked `[redacted]` for the developer to fill in.
 */
export function replayCurl(origin: string, request: LoggedRequest): string {
  const url = new URL(request.path, origin);
  const query = url.search ? `${url.search}&api_key=$API_KEY` : "?api_key=$API_KEY";
  const lines = [`curl -i -X ${request.method} "${url.origin}${url.pathname}${query.replaceAll('"', "%22")}"`];
  if (tokenOperations.has(request.operation)) lines.push(`-H "Authorization: Bearer $MEMBER_TOKEN"`);
  if (request.requestBody !== undefined && request.requestBody !== null) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`--data ${shellQuote(JSON.stringify(request.requestBody))}`);
  }
  return lines.join(" \\\n  ");
}

/** Whether a replayed body still holds values the developer must fill in. */
export function hasRedactions(body: unknown): boolean {
  return JSON.stringify(body ?? null).includes(JSON.stringify(redactedValue));
}

import { shellQuote } from "@/lib/docs/curl";
import { isOmittedBody, keptRequestHeaders, type LoggedHeaders } from "./logged-request";
import { redactedValue } from "./redact-body";
import { sandboxScenarioHeader } from "@/lib/contract/sandbox-scenario";

/** What the console knows of a logged request: its path without secrets, the headers kept and its redacted body. */
export interface LoggedRequest {
  method: string;
  /** Path and kept query parameters, never api_key. */
  path: string;
  requestBody?: unknown;
  /** The headers kept; rows written before headers were kept have none. */
  requestHeaders?: LoggedHeaders;
  /** The `X-Sandbox-Scenario` that forced the answer, if any. */
  scenario?: string;
}

/** The shell variables a replay reads in place of the secrets the log never holds; the console page names them. */
export const replayVariables = {
  API_KEY: "your staging api_key",
  ACCESS_TOKEN: "the access token it sent: a member's, or your client's for an agent's call",
} as const;

type ReplayVariable = keyof typeof replayVariables;

/**
 * One shell word: the logged text single-quoted, then (for a secret) a
 * variable in double quotes right after it, which the shell expands and
 * which nothing of the log can ever reach.
 */
function word(text: string, variable?: ReplayVariable): string {
  return variable ? `${shellQuote(text)}"$${variable}"` : shellQuote(text);
}

/** The headers to send, in a fixed order: as logged, or for older rows what is known to have been sent. */
function headersOf(request: LoggedRequest): [string, string][] {
  if (request.requestHeaders) {
    return keptRequestHeaders.flatMap((name) => {
      const value = request.requestHeaders?.[name];
      return value === undefined ? [] : [[name, value] as [string, string]];
    });
  }
  const known: [string, string][] = [];
  // A body is only ever read from a JSON request.
  if (request.requestBody !== undefined) known.push(["Content-Type", "application/json"]);
  if (request.scenario) known.push([sandboxScenarioHeader, request.scenario]);
  return known;
}

/**
 * A curl command that sends a logged request again as it was sent: its
 * method, path and query, the headers that change the answer and its body
 * (redacted values stay marked `[redacted]` for the developer to fill in).
 * The api_key and a sent Authorization's credential are shell variables
 * (`$API_KEY`, `$ACCESS_TOKEN`) the developer sets, since the log holds
 * neither; nothing is added that was not sent. Every part taken from the log
 * is single-quoted, so a `$(…)`, a backtick or a quote planted in a path,
 * a header or a body is sent as text and never run by the shell. `--globoff`
 * keeps curl from reading `[…]` and `{…}` in the URL as ranges.
 */
export function replayCurl(origin: string, request: LoggedRequest): string {
  const path = request.path.startsWith("/") ? request.path : `/${request.path}`;
  const url = word(`${origin}${path}${path.includes("?") ? "&" : "?"}api_key=`, "API_KEY");
  const method = request.method.toUpperCase() === "HEAD" ? "--head" : `-i -X ${shellQuote(request.method)}`;
  const lines = [`curl --globoff ${method} ${url}`];
  const headers = headersOf(request);
  for (const [name, value] of headers) {
    if (name === "Authorization")
      lines.push(`-H ${word(`Authorization: ${value ? `${value} ` : ""}`, "ACCESS_TOKEN")}`);
    // curl sends `Name;` as an empty header (`Name:` alone would remove it).
    else lines.push(`-H ${shellQuote(value === "" ? `${name};` : `${name}: ${value}`)}`);
  }
  const body = replayedBody(request.requestBody);
  if (body !== undefined) {
    // curl would add a form Content-Type of its own to a body sent without one.
    if (request.requestHeaders && !headers.some(([name]) => name === "Content-Type")) lines.push(`-H 'Content-Type:'`);
    lines.push(`--data-raw ${shellQuote(body)}`);
  }
  return lines.join(" \\\n  ");
}

function replayedBody(body: unknown): string | undefined {
  if (body === undefined || isOmittedBody(body)) return undefined;
  return JSON.stringify(body);
}

/** Whether a replayed body still holds values the developer must fill in. */
export function hasRedactions(body: unknown): boolean {
  return JSON.stringify(body ?? null).includes(JSON.stringify(redactedValue));
}

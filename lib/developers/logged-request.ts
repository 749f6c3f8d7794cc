/**
 * What the request log keeps of a request for the developer console's
 * "Copy as curl" (staging keys only): the headers that change the answer,
 * and the body, redacted. Shared by the recording (server) and the replay.
 */

/** The request headers kept, in the case the replay sends them. */
export const keptRequestHeaders = [
  "Content-Type",
  "Accept",
  "Authorization",
  "Idempotency-Key",
  "X-Agent-Id",
  "X-Sandbox-Scenario",
] as const;

export type KeptRequestHeader = (typeof keptRequestHeaders)[number];

/**
 * The answer headers kept (staging and live alike: none can be secret): what a partner's code is expected to act
 * on, and what the go-live checklist reads (a retry after `Retry-After`, a replay's `Idempotent-Replayed`).
 * `X-Sandbox-Time` is the sandbox clock's, on answers made on a moved clock.
 */
export const keptResponseHeaders = ["Retry-After", "Idempotent-Replayed", "X-Sandbox-Time"] as const;
export type KeptResponseHeader = (typeof keptResponseHeaders)[number];
export type LoggedResponseHeaders = Partial<Record<KeptResponseHeader, string>>;

/** The kept answer headers of a header map (any case), undefined when none is present. */
export function keptResponseHeadersOf(headers: Record<string, string>): LoggedResponseHeaders | undefined {
  const kept: LoggedResponseHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const known = keptResponseHeaders.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (known && value.length <= 100) kept[known] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** The headers as logged: `Authorization` holds its scheme only (`Bearer`), never the credential. */
export type LoggedHeaders = Partial<Record<KeptRequestHeader, string>>;

/** Longest header value kept (an Idempotency-Key of 255 characters, quoted and escaped, fits). */
export const maxLoggedHeaderLength = 300;

/** What the log keeps in place of a body above its limit: a replay sends no body rather than this. */
export const omittedBody = { omitted: "larger than 16 KiB" } as const;

export function isOmittedBody(body: unknown): boolean {
  return JSON.stringify(body) === JSON.stringify(omittedBody);
}

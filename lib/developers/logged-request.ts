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

/** The headers as logged: `Authorization` holds its scheme only (`Bearer`), never the credential. */
export type LoggedHeaders = Partial<Record<KeptRequestHeader, string>>;

/** Longest header value kept (an Idempotency-Key of 255 characters, quoted and escaped, fits). */
export const maxLoggedHeaderLength = 300;

/** What the log keeps in place of a body above its limit: a replay sends no body rather than this. */
export const omittedBody = { omitted: "larger than 16 KiB" } as const;

export function isOmittedBody(body: unknown): boolean {
  return JSON.stringify(body) === JSON.stringify(omittedBody);
}

import { keptRequestHeaders, maxLoggedHeaderLength, type LoggedHeaders } from "@/lib/developers/logged-request";
import { redactText } from "@/lib/developers/redact-body";
import type { HeaderReader } from "@/server/loyalty/http/partner-request";

/** Printable ASCII: a value a shell, curl and the page show as it was sent. */
const printable = /^[\x20-\x7e]*$/;
/** An authentication scheme (RFC 9110 token), kept without what follows it. */
const scheme = /^[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,19}$/;

/**
 * The request headers the request log keeps for a replay (staging keys
 * only): those that change the answer, as sent. Authorization keeps its
 * scheme alone (`Bearer`), never the credential; a value longer than the
 * limit or outside printable ASCII is left out rather than altered, and any
 * of the caller's secrets (the request's api_key) inside a value is masked.
 */
export function loggedHeaders(headers: HeaderReader, secrets: readonly string[]): LoggedHeaders {
  const kept: LoggedHeaders = {};
  for (const name of keptRequestHeaders) {
    const value = headers.get(name);
    if (value === null) continue;
    if (name === "Authorization") {
      const [first = "", ...rest] = value.trim().split(/\s+/);
      kept.Authorization = rest.length > 0 && scheme.test(first) ? first : "";
    } else if (value.length <= maxLoggedHeaderLength && printable.test(value)) {
      kept[name] = redactText(value, secrets);
    }
  }
  return kept;
}

export interface ClientCredentials {
  clientId: string;
  secret: string;
}

const basicPattern = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;
const maxLength = 256;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Client id and secret from `Authorization: Basic …`. RFC 6749 §2.3.1 has
 * both form-urlencoded before they are joined and base64-encoded, so each
 * part is form-decoded after the split (a `:` inside a secret arrives as
 * `%3A`). Undefined for anything missing, blank or malformed.
 */
export function parseBasicCredentials(authorization: string | null): ClientCredentials | undefined {
  const match = authorization === null ? null : basicPattern.exec(authorization);
  if (!match?.[1]) return undefined;
  let decoded: string;
  try {
    decoded = utf8.decode(Buffer.from(match[1], "base64"));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const clientId = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (!clientId || !secret || clientId.trim() === "" || secret.trim() === "") return undefined;
  // No registered id or secret is this long; refusing early spares a hash of megabytes.
  if (clientId.length > maxLength || secret.length > maxLength) return undefined;
  return { clientId, secret };
}

function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

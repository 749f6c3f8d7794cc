/**
 * Redacts secrets and personal data from a JSON body before the request log
 * keeps it (developer console): tokens, passwords, security responses, card
 * data, names, dates of birth, email addresses, phones, postal addresses and
 * identity documents. Keys are matched without regard to case or separators,
 * so `access_token`, `accessToken` and `Access-Token` are one key. Anything
 * under a redacted key is replaced whole; structure and other values stay.
 */
export const redactedValue = "[redacted]";

const sensitiveKeys = new Set(
  [
    "accessToken",
    "refreshToken",
    "idToken",
    "token",
    "password",
    "secret",
    "clientSecret",
    "partnerSecret",
    "securityResponses",
    "securityResponse",
    "response",
    "answer",
    "credentials",
    "card",
    "cardNumber",
    "number",
    "cvc",
    "cvv",
    "securityCode",
    "expiry",
    "name",
    "firstName",
    "familyName",
    "lastName",
    "middleName",
    "fullName",
    "title",
    "dateOfBirth",
    "birthDate",
    "emailAddress",
    "email",
    "telecomAddress",
    "telecomAddresses",
    "phone",
    "phoneNumber",
    "mobile",
    "postalAddress",
    "postalAddresses",
    "address",
    "addressLines",
    "postCode",
    "registeredIdentifier",
    "identifier",
  ].map(normaliseKey),
);

/**
 * Keys whose name alone would redact something a developer needs: a
 * transaction's `identifier` is no document, so `identifier` is redacted
 * only under a registered identifier or credentials (see `redactUnder`).
 */
const contextualKeys = new Set(["identifier", "number"].map(normaliseKey));
const contextualParents = new Set(["registeredIdentifier", "credentials", "card", "securityProfile"].map(normaliseKey));

function normaliseKey(key: string): string {
  return key.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
}

export function redactBody(value: unknown): unknown {
  return redactUnder(value, undefined, 0);
}

function redactUnder(value: unknown, parentKey: string | undefined, depth: number): unknown {
  if (depth > 32) return redactedValue;
  if (Array.isArray(value)) return value.map((item) => redactUnder(item, parentKey, depth + 1));
  if (value === null || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const normalised = normaliseKey(key);
    const sensitive =
      sensitiveKeys.has(normalised) &&
      (!contextualKeys.has(normalised) || (parentKey !== undefined && contextualParents.has(parentKey)));
    result[key] = sensitive ? redactedValue : redactUnder(inner, normalised, depth + 1);
  }
  return result;
}

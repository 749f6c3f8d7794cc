/**
 * `Idempotency-Key` (IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field"), accepted on credit, debit and reverse (P4–P6) as an extension of
 * the spec. The draft makes the value a Structured Field String
 * (`"8e03978e-…"`); most clients send the bare token, so both are accepted.
 */
export const idempotencyKeyHeader = "Idempotency-Key";

export const idempotencyKeyMaxLength = 255;

/** The draft's form: printable ASCII inside double quotes, `"` and `\` escaped by `\`. */
const quotedForm = /^"((?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/;
/** A bare token: visible ASCII without quote, backslash or comma (a comma is how a repeated header reads). */
const bareForm = /^[\x21\x23-\x2B\x2D-\x5B\x5D-\x7E]+$/;

/** The key a header value carries, or undefined when the value is not a valid key. */
export function parseIdempotencyKey(value: string): string | undefined {
  const quoted = quotedForm.exec(value);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, "$1") : bareForm.test(value) ? value : undefined;
  if (key === undefined || key.length === 0 || key.length > idempotencyKeyMaxLength) return undefined;
  return key;
}

/** The header value for a key, in the draft's form; throws for a key no server would accept. */
export function formatIdempotencyKey(key: string): string {
  if (key.length === 0 || key.length > idempotencyKeyMaxLength || !/^[\x20-\x7E]+$/.test(key)) {
    throw new RangeError(`An idempotency key is 1 to ${idempotencyKeyMaxLength} printable ASCII characters.`);
  }
  return `"${key.replace(/["\\]/g, "\\$&")}"`;
}

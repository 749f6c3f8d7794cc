import { randomBytes } from "node:crypto";

const lowest = 10n ** 19n;
const span = 9n * 10n ** 19n;

/**
 * A4's "numeric JWT identifier": 20 decimal digits (no leading zero) from 64
 * random bits, as a string. JWT `jti` is a string (RFC 7519 §4.1.7), and a
 * JSON number this large would lose digits in JavaScript clients.
 */
export function numericTokenId(): string {
  return (lowest + (randomBytes(8).readBigUInt64BE() % span)).toString();
}

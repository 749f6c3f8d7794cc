import { createHash, timingSafeEqual } from "node:crypto";

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isWellFormedVerifier(verifier: string): boolean {
  return verifierPattern.test(verifier);
}

/** RFC 7636 §4.6, S256: BASE64URL(SHA256(verifier)) equals the challenge, compared in constant time. */
export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash("sha256").update(verifier, "ascii").digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

import "server-only";
import { timingSafeEqual } from "node:crypto";

/**
 * A custom token request skips openid-client's callback checks, so the state
 * is compared here: the value the service sent back must be the one kept in
 * next-auth's signed state cookie (RFC 6749 §10.12).
 */
export function assertStateMatches(returned: unknown, expected: string | undefined): void {
  if (typeof returned !== "string" || !expected) throw new Error("state missing on the callback");
  const a = Buffer.from(returned);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new Error("state mismatch on the callback");
}

/**
 * A3 accepts only 1–1024 letters and digits as state, while next-auth's is
 * base64url (`-` and `_`). The state is sent to A3 hex-encoded and compared
 * in that form when it comes back.
 */
export function secureCodeState(state: string): string {
  return Buffer.from(state, "utf8").toString("hex");
}

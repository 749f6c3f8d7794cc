import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "./auth-secret";

const version = "v1";
let key: Buffer | undefined;

/** A key of its own for tokens at rest, derived from the session secret (never the secret itself). */
function tokenKey(): Buffer {
  key ??= Buffer.from(hkdfSync("sha256", authSecret(), "portal", "member-session-tokens", 32));
  return key;
}

/**
 * AES-256-GCM, so a copy of the portal's table (a backup, a log of a query)
 * does not hand out working member tokens, and a changed row fails to open.
 */
export function sealToken(token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", tokenKey(), iv);
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [
    version,
    iv.toString("base64url"),
    body.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
  ].join(".");
}

/** The token, or undefined when the value was sealed under another secret or altered. */
export function openToken(sealed: string): string | undefined {
  const [tag, iv, body, authTag] = sealed.split(".");
  if (tag !== version || !iv || !body || !authTag) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", tokenKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(authTag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

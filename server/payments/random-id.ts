import "server-only";
import { randomBytes } from "node:crypto";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `tok_`, `ch_`, `re_`, `auth_`, `cap_` or `void_` and 24 random letters and digits (142 bits): unguessable, so an id alone proves nothing. */
export function randomId(prefix: "tok" | "ch" | "re" | "auth" | "cap" | "void"): string {
  let id = "";
  while (id.length < 24) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && id.length < 24) id += alphabet[byte % 62];
    }
  }
  return `${prefix}_${id}`;
}

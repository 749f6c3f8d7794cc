import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/server/config/env";
import { PaymentsError } from "../payments-error";

export type KeyKind = "publishable" | "secret";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compared in constant time over digests, so neither the length nor a prefix leaks through timing. */
function sameKey(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * `Authorization: Bearer <key>`: the publishable key for tokenising (it
 * lives in the browser), the secret key for everything that moves money.
 * Neither kind opens the other's endpoints.
 */
export function requireKey(request: Request, kind: KeyKind): void {
  const config = env();
  const expected = kind === "secret" ? config.PAYMENTS_SECRET_KEY : config.PAYMENTS_PUBLISHABLE_KEY;
  const match = /^Bearer ([!-~]{1,200})$/i.exec(request.headers.get("authorization") ?? "");
  if (!match?.[1] || !sameKey(match[1], expected)) {
    throw new PaymentsError(kind === "secret" ? "secret_key_invalid" : "publishable_key_invalid", {
      headers: { "WWW-Authenticate": 'Bearer realm="payments-sandbox"' },
    });
  }
}

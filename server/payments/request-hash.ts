import "server-only";
import { createHash } from "node:crypto";

/**
 * The fingerprint of a request as parsed by the contract: its keys come out
 * in the schema's order, so spacing and key order of the JSON sent do not
 * make the same request look different.
 */
export function requestHash(parsed: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(parsed)).digest("hex");
}

import { sha256Hex } from "@/server/loyalty/security/digests";

function canonical(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * What makes two requests "the same" for a safe retry: the parts given (the
 * operation, its path, the member, the parsed body), independent of key
 * order and whitespace.
 */
export function requestFingerprint(parts: Record<string, unknown>): string {
  return sha256Hex(JSON.stringify(canonical(parts)));
}

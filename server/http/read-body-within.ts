import { env } from "@/server/config/env";

export type BodyRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too-large" };

/**
 * A request body of at most `maxBytes`, refused before it is parsed: first
 * by its declared Content-Length, then by counting the bytes as they stream
 * in, so an oversized body is never held in memory whatever it declares.
 * RATE_LIMITS=off (the benchmark's comparison) reads it whole.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<BodyRead> {
  if (env().RATE_LIMITS === "off") return { ok: true, bytes: new Uint8Array(await request.arrayBuffer()) };
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: "too-large" };
  }
  if (request.body === null) return { ok: true, bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
}

/** The body's bytes as UTF-8 text (malformed sequences become U+FFFD, as `Request.text()` does). */
export function bodyText(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

import type { IncomingMessage } from "node:http";
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
  if (declaresMoreThan(request.headers.get("content-length"), maxBytes)) {
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

/**
 * The same limits for a Node request (the Pages Router's API routes, whose
 * body Next.js leaves unread with `bodyParser: false`). What is not read
 * once the limit is passed is left to Node, which discards it after the answer.
 */
export function readNodeBodyWithin(incoming: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const limited = env().RATE_LIMITS !== "off";
  if (limited && declaresMoreThan(incoming.headers["content-length"], maxBytes)) {
    return Promise.resolve({ ok: false, reason: "too-large" });
  }
  // Nothing would ever arrive: a body read elsewhere is a bug here, not an empty body.
  if (incoming.readableEnded) return Promise.reject(new Error("the request body was already read"));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const settle = (outcome: () => void) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (limited && length > maxBytes) return settle(() => resolve({ ok: false, reason: "too-large" }));
      chunks.push(chunk);
    };
    const onEnd = () =>
      settle(() => resolve({ ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () => settle(() => reject(new Error("the request closed before its body ended")));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

/** A Content-Length (digits only; anything else is left to the count) above `maxBytes`. */
function declaresMoreThan(contentLength: string | null | undefined, maxBytes: number): boolean {
  return contentLength != null && /^\d+$/.test(contentLength.trim()) && Number(contentLength) > maxBytes;
}

import "server-only";
import { NextRequest } from "next/server";
import { bodyText, readBodyWithin } from "@/server/http/read-body-within";

/** next-auth's forms (sign-in, callback, sign-out) are a few hundred bytes: a CSRF token, a callback URL. */
export const maxAuthBodyBytes = 8 * 1024;

/**
 * next-auth's request with its body read at most `maxAuthBodyBytes` far, or
 * a 413 answer: next-auth itself reads any body whole, so an oversized one is
 * refused here before it is held in memory.
 */
export async function capAuthBody(request: NextRequest): Promise<NextRequest | Response> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const read = await readBodyWithin(request, maxAuthBodyBytes);
  if (!read.ok) {
    return new Response("This request is too large.\n", {
      status: 413,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" },
    });
  }
  return new NextRequest(request.url, {
    method: request.method,
    headers: request.headers,
    // next-auth's bodies are forms: text.
    body: read.bytes.byteLength > 0 ? bodyText(read.bytes) : null,
  });
}

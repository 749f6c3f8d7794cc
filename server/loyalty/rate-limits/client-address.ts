import { isIP } from "node:net";

/**
 * The address the request reached this app from, for per-address limits:
 * the LAST entry of X-Forwarded-For, which `next start` sets from the socket
 * when the header is absent and which a proxy in front appends. (The FIRST
 * entry, the end customer of the partner operations, is whatever the caller
 * wrote.) Without a proxy, a client sending the header itself chooses it:
 * a deployment puts one in front (docs/decisions.md).
 */
export function connectingAddress(request: Request): string {
  const last = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() ?? "";
  return isIP(last) !== 0 ? last.toLowerCase() : "unknown";
}

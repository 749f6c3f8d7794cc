import "server-only";
import { after } from "next/server";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { bufferRequestLogRow, type RequestLogRow } from "./request-log-buffer";

/**
 * Records one answered partner request in the request log, off the response
 * path (see request-log-buffer.ts). The request that opens a batch hands the
 * batch's write to Next.js `after`; a server told to stop writes what is
 * left once its requests are answered (server/shutdown). Called outside a
 * request (tests calling a handler directly) the timer alone writes.
 */
export function recordPartnerRequest(db: Database, row: RequestLogRow): void {
  if (env().REQUEST_LOG === "off") return;
  const written = bufferRequestLogRow(db, row);
  if (!written) return;
  try {
    after(written);
  } catch {
    // No request scope: nobody to keep alive.
  }
}

import "server-only";
import { after } from "next/server";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { bufferRequestLogRow, type RequestLogRow } from "./request-log-buffer";

/**
 * Records one answered partner request in the request log, off the response
 * path (see request-log-buffer.ts). The request that opens a batch hands the
 * batch's write to Next.js `after`, so a server told to stop waits for the
 * write before it exits; called outside a request (tests calling a handler
 * directly) there is nothing to wait for and the timer alone writes.
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

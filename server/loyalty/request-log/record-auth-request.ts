import "server-only";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { recordPartnerRequest } from "./record-request";

/** The names the request log gives the member's login (A1) and the token service (A2). */
export type AuthRequestOperation = "member-login" | "grant-token";

export interface AuthRequest {
  partnerId: number;
  operation: AuthRequestOperation;
  requestId: string;
  method: string;
  path: string;
  status: number;
  /** The OAuth `error` of a refusal. */
  errorCode?: string;
  startedAt: number;
  receivedAt: Date;
  /** What tells requests apart, never a secret: the client id, the redirect URI, the grant type. */
  details: Record<string, string>;
}

/**
 * Records a request of the member's login (A1) or the token service (A2) in the partner's request log, beside its
 * partner operations, so its developer sees them and the go-live checklist can tick them. OAuth clients have no
 * environment of their own: in the sandbox every client is a staging one (it is the developer console's to read),
 * and live mode records none (its partners have no console, and their logins are not theirs to read). The answers
 * themselves are not touched: the row is written after, off the response path.
 */
export function recordAuthRequest(db: Database, request: AuthRequest): void {
  if (env().APP_MODE !== "sandbox") return;
  recordPartnerRequest(db, {
    partnerId: request.partnerId,
    environment: "staging",
    requestId: request.requestId,
    operation: request.operation,
    method: request.method,
    path: request.path,
    status: request.status,
    errorCode: request.errorCode,
    durationMs: Math.round((performance.now() - request.startedAt) * 10) / 10,
    requestedAt: request.receivedAt,
    requestBody: JSON.stringify(request.details),
  });
}

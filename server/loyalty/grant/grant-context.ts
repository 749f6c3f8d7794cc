import type { Database } from "@/server/db/connect";
import type { OAuthClientWithPartner } from "@/server/loyalty/oauth/find-oauth-client";
import type { RequestParameters } from "./request-parameters";

/** What every grant handler of A2 works with. */
export interface GrantContext {
  db: Database;
  /** The authenticated client (kind member_login). */
  client: OAuthClientWithPartner;
  parameters: RequestParameters;
  /** One clock reading per request. */
  now: Date;
}

/** Authorisation codes and refresh tokens: 256 random bits as lowercase hex. */
export const opaqueValuePattern = /^[0-9a-f]{64}$/;

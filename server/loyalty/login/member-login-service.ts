import { z } from "zod";
import type { Database } from "@/server/db/connect";
import { primaryProgrammeOfPartner } from "./login-programmes";
import {
  completeLoginRequest,
  loginOptionsShape,
  matchRedirectUri,
  queryRecord,
  requirePkcePair,
  type LoginRequestResolution,
} from "./login-request";
import { findLoginClient } from "./find-login-client";
import type { LoginService } from "./login-service";

/** `<client prefix>-<5-digit client number>`, e.g. DEMO-10001. */
const clientIdSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,33}-\d{5}$/);

const optionsSchema = z
  .object({
    ...loginOptionsShape,
    // The spec gives A1's state no format; the cap keeps the echo inside a sane URL length.
    state: z.string().max(1024).optional(),
  })
  .superRefine(requirePkcePair);

/**
 * A1 member login (`{auth_url}/auth/login`): a `member_login` client of an
 * active partner registered with the primary programme, and a redirect URI
 * registered for it, exactly as sent.
 */
async function resolveMemberLoginRequest(db: Database, url: URL): Promise<LoginRequestResolution> {
  const query = queryRecord(url);
  const found = await findLoginClient(db, query.client_id, clientIdSchema, "member_login");
  if (!found) return { outcome: "page", problem: "invalidClient" };
  const programme = await primaryProgrammeOfPartner(db, found.partner.id);
  if (!programme) return { outcome: "page", problem: "invalidClient" };

  const redirect = matchRedirectUri(
    query,
    found.redirectUris.map((entry) => entry.uri),
  );
  if (!redirect) return { outcome: "page", problem: "securityIssue" };
  return completeLoginRequest(query, optionsSchema, {
    client: found.client,
    partner: found.partner,
    programme,
    ...redirect,
  });
}

export const memberLoginService: LoginService = {
  name: "member-login",
  path: "/oauth/auth/login",
  resolveRequest: resolveMemberLoginRequest,
  // A1 logs in to the primary programme: the member's own account must be of it.
  admitsMember: async (_db, member, request) => member.account.programmeId === request.programme.id,
};

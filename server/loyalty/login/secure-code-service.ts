import { z } from "zod";
import type { Database } from "@/server/db/connect";
import { furtherProgrammeOfPartner, isMemberOfProgramme } from "./login-programmes";
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

const clientIdSchema = z.string().regex(/^[A-Za-z0-9]{1,40}$/);
const businessContextSchema = z.string().regex(/^[A-Za-z]{1,50}$/);
const programmeIdentifierSchema = z.string().regex(/^[A-Za-z]{1,20}$/);

const optionsSchema = z
  .object({
    ...loginOptionsShape,
    state: z
      .string()
      .regex(/^[A-Za-z0-9]{1,1024}$/)
      .optional(),
    brandName: z
      .string()
      .regex(/^[A-Za-z]{1,50}$/)
      .optional(),
  })
  .superRefine(requirePkcePair);

/**
 * A3 secure code (`{partner_auth_url}/secure/code`): a `further_programmes`
 * client, its business context, a further programme its partner is
 * registered with, and the redirect URI registered for that programme.
 * Client, business context and programme decide which redirect URI can be
 * trusted, so their errors are shown on a page, like the redirect URI's.
 */
async function resolveSecureCodeRequest(db: Database, url: URL): Promise<LoginRequestResolution> {
  const query = queryRecord(url);
  const found = await findLoginClient(db, query.client_id, clientIdSchema, "further_programmes");
  if (!found) return { outcome: "page", problem: "invalidClient" };
  const businessContext = businessContextSchema.safeParse(query["business-context-identifier"]);
  if (!businessContext.success || businessContext.data !== found.client.businessContextIdentifier) {
    return { outcome: "page", problem: "invalidClient" };
  }

  const programmeIdentifier = programmeIdentifierSchema.safeParse(query["programme-identifier"]);
  if (!programmeIdentifier.success) return { outcome: "page", problem: "invalidProgramme" };
  const programme = await furtherProgrammeOfPartner(db, found.partner.id, programmeIdentifier.data);
  const registered = found.redirectUris
    .filter((entry) => programme !== undefined && entry.programmeIdentifier === programme.identifier)
    .map((entry) => entry.uri);
  if (!programme || registered.length === 0) return { outcome: "page", problem: "invalidProgramme" };

  // Exact match with the URI registered for this programme: the spec's character rule
  // (letters, colon, slash, dash, underscore) could not express a port or a dot.
  const redirect = matchRedirectUri(query, registered);
  if (!redirect) return { outcome: "page", problem: "securityIssue" };
  return completeLoginRequest(query, optionsSchema, {
    client: found.client,
    partner: found.partner,
    programme,
    ...redirect,
  });
}

export const secureCodeService: LoginService = {
  name: "secure-code",
  path: "/partner-oauth/secure/code",
  resolveRequest: resolveSecureCodeRequest,
  admitsMember: (db, member, request) => isMemberOfProgramme(db, member.member.id, request.programme.id),
};

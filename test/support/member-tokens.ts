import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { tokens } from "@/server/loyalty/oauth/token-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { issueAccessToken } from "@/server/loyalty/oauth/access-tokens";
import { issueAuthorisationCode } from "@/server/loyalty/oauth/authorisation-codes";
import { findOAuthClient } from "@/server/loyalty/oauth/find-oauth-client";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { findProgramme } from "@/server/loyalty/programmes/find-programme";

interface MemberTokenOptions {
  scope?: string;
  /** Issue the token as if to another partner (sandbox identifier). */
  partnerIdentifier?: string;
  tokenUse?: "member" | "client";
  /** When the token is issued (its lifetime runs from then): a moved sandbox clock's time. */
  now?: Date;
}

/**
 * A member access token as the grant service issues it, minted directly so
 * partner-operation tests do not depend on the login flow.
 */
export async function issueMemberToken(
  db: Database,
  membershipNumber: string,
  options: MemberTokenOptions = {},
): Promise<string> {
  const record = await findMemberByMembershipNumber(db, membershipNumber);
  if (!record) throw new Error(`no sandbox member ${membershipNumber}`);
  const clientId = record.programme.role === "primary" ? "DEMO-10001" : "DEMO10001";
  const client = await findOAuthClient(db, clientId);
  if (!client) throw new Error(`no sandbox client ${clientId}`);
  const partnerIdentifier = options.partnerIdentifier ?? client.partner.partnerIdentifier;
  const [partner] = await db.select().from(partners).where(eq(partners.partnerIdentifier, partnerIdentifier));
  if (!partner) throw new Error(`no sandbox partner ${partnerIdentifier}`);

  const { token } = await issueAccessToken(db, {
    claims: {
      token_use: options.tokenUse ?? "member",
      client_id: clientId,
      partner: partner.partnerIdentifier,
      scope: options.scope ?? "read",
      authn_level: "AUTHN-LEVEL-12",
      membership_number: membershipNumber,
      programme: record.programme.identifier,
    },
    subject: membershipNumber,
    familyId: randomUUID(),
    clientDbId: client.client.id,
    partnerDbId: partner.id,
    memberDbId: record.member.id,
    programmeDbId: record.programme.id,
    now: options.now,
  });
  return token;
}

/** Revokes an access token the way a code replay or a refresh-family revocation does. */
export async function revokeAccessToken(db: Database, token: string): Promise<void> {
  const { jti } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { jti: string };
  await db.update(tokens).set({ revokedAt: new Date() }).where(eq(tokens.id, jti));
}

export interface LoginCodeOptions {
  membershipNumber: string;
  clientId: string;
  /** The programme the code is for; by default the member's own. */
  programme?: string;
  redirectUri?: string | null;
  /** `null`: no scope asked for at login. */
  scope?: string | null;
  /** An S256 challenge, when the login sent one. */
  codeChallenge?: string | null;
  now?: Date;
}

/** An authorisation code as a finished login (A1 or A3) stores it, minted directly for the token-service tests. */
export async function issueLoginCode(db: Database, options: LoginCodeOptions): Promise<string> {
  const found = await findMemberByMembershipNumber(db, options.membershipNumber);
  const client = await findOAuthClient(db, options.clientId);
  const programme = options.programme === undefined ? undefined : await findProgramme(db, options.programme);
  if (!found || !client || (options.programme !== undefined && !programme)) throw new Error("sandbox data missing");
  return issueAuthorisationCode(db, {
    clientDbId: client.client.id,
    memberDbId: found.member.id,
    programmeDbId: programme?.id ?? found.account.programmeId,
    redirectUri: options.redirectUri ?? null,
    scope: options.scope === undefined ? "read" : options.scope,
    codeChallenge: options.codeChallenge ?? null,
    codeChallengeMethod: options.codeChallenge ? "S256" : null,
    authenticationLevel: "AUTHN-LEVEL-12",
    ...(options.now ? { now: options.now } : {}),
  });
}

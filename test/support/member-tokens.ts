import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners, tokens } from "@/server/db/schema";
import { issueAccessToken } from "@/server/loyalty/oauth/access-tokens";
import { findOAuthClient } from "@/server/loyalty/oauth/find-oauth-client";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";

interface MemberTokenOptions {
  scope?: string;
  /** Issue the token as if to another partner (sandbox identifier). */
  partnerIdentifier?: string;
  tokenUse?: "member" | "client";
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
  });
  return token;
}

/** Revokes an access token the way a code replay or a refresh-family revocation does. */
export async function revokeAccessToken(db: Database, token: string): Promise<void> {
  const { jti } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { jti: string };
  await db.update(tokens).set({ revokedAt: new Date() }).where(eq(tokens.id, jti));
}

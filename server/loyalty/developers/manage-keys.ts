import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { oauthClients, oauthRedirectUris } from "@/server/loyalty/oauth/client-tables";
import { apiKeys } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { forgetPartnerKey } from "@/server/loyalty/partners/cached-partner-lookup";
import { hashApiKey } from "@/server/loyalty/partners/find-partner-by-api-key";
import { hashSecret } from "@/server/security/password-hash";
import { newApiKey, newSecret } from "./sandbox-credentials";

export interface ConsoleApiKey {
  id: number;
  environment: "staging" | "live";
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface ConsoleClient {
  id: number;
  clientId: string;
  kind: "member_login" | "further_programmes";
  businessContextIdentifier: string | null;
  createdAt: Date;
  secretRolledAt: Date | null;
  lastUsedAt: Date | null;
  redirectUris: { uri: string; programme: string | null }[];
}

/** The partner's working api keys (a rolled key is gone from the list). */
export async function listApiKeys(db: Database, partnerId: number): Promise<ConsoleApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.partnerId, partnerId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.environment), asc(apiKeys.id));
  return rows.map((row) => ({
    id: row.id,
    environment: row.environment,
    prefix: row.keyPrefix,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  }));
}

export async function listClients(db: Database, partnerId: number): Promise<ConsoleClient[]> {
  const clients = await db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.partnerId, partnerId))
    .orderBy(asc(oauthClients.id));
  if (clients.length === 0) return [];
  const uris = await db
    .select({ clientId: oauthRedirectUris.clientId, uri: oauthRedirectUris.uri, programme: programmes.identifier })
    .from(oauthRedirectUris)
    .leftJoin(programmes, eq(programmes.id, oauthRedirectUris.programmeId))
    .where(
      inArray(
        oauthRedirectUris.clientId,
        clients.map((client) => client.id),
      ),
    )
    .orderBy(asc(oauthRedirectUris.id));
  return clients.map((client) => ({
    id: client.id,
    clientId: client.clientId,
    kind: client.kind,
    businessContextIdentifier: client.businessContextIdentifier,
    createdAt: client.createdAt,
    secretRolledAt: client.secretRolledAt,
    lastUsedAt: client.lastUsedAt,
    redirectUris: uris
      .filter((uri) => uri.clientId === client.id)
      .map((uri) => ({ uri: uri.uri, programme: uri.programme })),
  }));
}

/**
 * Rolls a staging api_key: a new key is made and the old one revoked in one
 * transaction. The old key stops at once on the instance that rolled it and
 * within the partner lookup's 10 seconds on the others (docs/decisions.md).
 * Returns the new key, shown once; undefined when the key is not the partner's.
 */
export async function rollApiKey(
  db: Database,
  partnerId: number,
  keyId: number,
  now: Date,
): Promise<string | undefined> {
  const apiKey = newApiKey();
  const rolled = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(
        and(
          eq(apiKeys.id, keyId),
          eq(apiKeys.partnerId, partnerId),
          eq(apiKeys.environment, "staging"),
          isNull(apiKeys.revokedAt),
        ),
      )
      .returning({ id: apiKeys.id });
    if (!old) return false;
    await tx.insert(apiKeys).values({
      partnerId,
      environment: "staging",
      keyHash: hashApiKey(apiKey),
      keyPrefix: apiKey.slice(0, 8),
      createdAt: now,
    });
    return true;
  });
  if (!rolled) return undefined;
  forgetPartnerKey(keyId);
  return apiKey;
}

/**
 * Rolls a client secret (client password or partner secret): the new hash
 * replaces the old, which stops at once on every instance (secrets are
 * never cached). Tokens already issued stay valid until they expire.
 */
export async function rollClientSecret(
  db: Database,
  partnerId: number,
  clientRowId: number,
  now: Date,
): Promise<string | undefined> {
  const secret = newSecret();
  const secretHash = await hashSecret(secret, "console");
  const [row] = await db
    .update(oauthClients)
    .set({ secretHash, secretRolledAt: now, lastUsedAt: null })
    .where(and(eq(oauthClients.id, clientRowId), eq(oauthClients.partnerId, partnerId)))
    .returning({ id: oauthClients.id });
  return row ? secret : undefined;
}

/** Replaces the member-login client's redirect URIs (A1/A2 compare them byte for byte). */
export async function replaceRedirectUris(
  db: Database,
  partnerId: number,
  clientRowId: number,
  uris: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(
        and(
          eq(oauthClients.id, clientRowId),
          eq(oauthClients.partnerId, partnerId),
          eq(oauthClients.kind, "member_login"),
        ),
      )
      .limit(1);
    if (!client) return false;
    await tx.delete(oauthRedirectUris).where(eq(oauthRedirectUris.clientId, client.id));
    await tx.insert(oauthRedirectUris).values(uris.map((uri) => ({ clientId: client.id, uri, programmeId: null })));
    return true;
  });
}

/**
 * Replaces the further-programme client's redirect URIs, one per programme
 * the client already serves (A3 and A4 compare them byte for byte).
 */
export async function replaceFurtherRedirectUris(
  db: Database,
  partnerId: number,
  clientRowId: number,
  byProgramme: Readonly<Record<string, string>>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({
        id: oauthRedirectUris.id,
        programmeId: oauthRedirectUris.programmeId,
        programme: programmes.identifier,
      })
      .from(oauthRedirectUris)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthRedirectUris.clientId))
      .innerJoin(programmes, eq(programmes.id, oauthRedirectUris.programmeId))
      .where(
        and(
          eq(oauthClients.id, clientRowId),
          eq(oauthClients.partnerId, partnerId),
          eq(oauthClients.kind, "further_programmes"),
        ),
      );
    if (current.length === 0 || current.some((row) => byProgramme[row.programme] === undefined)) return false;
    await tx.delete(oauthRedirectUris).where(eq(oauthRedirectUris.clientId, clientRowId));
    await tx.insert(oauthRedirectUris).values(
      current.map((row) => ({
        clientId: clientRowId,
        uri: byProgramme[row.programme]!,
        programmeId: row.programmeId,
      })),
    );
    return true;
  });
}

import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners, type Partner } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { oauthClients, oauthRedirectUris, type OAuthClient } from "./client-tables";
import { noteClientSecretUsed } from "@/server/loyalty/developers/key-usage";
import { verifySecret } from "@/server/security/password-hash";

export interface RegisteredRedirectUri {
  uri: string;
  /** For the further programmes: the programme the URI is registered for. */
  programmeIdentifier: string | null;
}

export interface OAuthClientWithPartner {
  client: OAuthClient;
  partner: Partner;
  redirectUris: RegisteredRedirectUri[];
}

/** A registered OAuth client by its public client id (exact match), with its partner and redirect URIs. */
export async function findOAuthClient(db: Database, clientId: string): Promise<OAuthClientWithPartner | undefined> {
  const [row] = await db
    .select({ client: oauthClients, partner: partners })
    .from(oauthClients)
    .innerJoin(partners, eq(partners.id, oauthClients.partnerId))
    .where(eq(oauthClients.clientId, clientId))
    .limit(1);
  if (!row) return undefined;
  const redirectUris = await db
    .select({ uri: oauthRedirectUris.uri, programmeIdentifier: programmes.identifier })
    .from(oauthRedirectUris)
    .leftJoin(programmes, eq(programmes.id, oauthRedirectUris.programmeId))
    .where(eq(oauthRedirectUris.clientId, row.client.id));
  return { ...row, redirectUris };
}

/**
 * A client whose secret (client password or partner secret) matches. The
 * hash is verified even for an unknown client id, so timing does not tell
 * which client ids exist.
 */
export async function authenticateOAuthClient(
  db: Database,
  clientId: string,
  secret: string,
): Promise<OAuthClientWithPartner | undefined> {
  const found = await findOAuthClient(db, clientId);
  const matches = await verifySecret(found?.client.secretHash ?? unknownClientHash, secret);
  if (!found || !matches) return undefined;
  // The developer console shows when a client secret was last used.
  await noteClientSecretUsed(db, found.client.id);
  return found;
}

// argon2id hash of a random value nobody knows, verified for unknown clients.
const unknownClientHash =
  "$argon2id$v=19$m=19456,t=2,p=1$TycLyeT4Ep27aPk2rFyaMA$v339ZYXfAw65vcTNTE9Uev++aRf6kUBq0xtDMo1eXrI";

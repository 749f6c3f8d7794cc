import { hashApiKey } from "@/server/loyalty/partners/find-partner-by-api-key";
import type { Database } from "@/server/db/connect";
import { oauthClients, oauthRedirectUris } from "@/server/loyalty/oauth/client-tables";
import { apiKeys, partners } from "@/server/loyalty/partners/partner-tables";
import { partnerProgrammes, programmeCountries, programmes } from "@/server/loyalty/programmes/programme-tables";
import { idOf, type IdMap } from "./id-map";
import type { Sandbox } from "./sandbox-file";
import { assertRulesNameKnownProgrammes, programmeRulesOf } from "./seed-rules";

/** argon2id hashes computed before the transaction, keyed by OAuth client id. */
export type ClientSecretHashes = Map<string, string>;

/** Programmes with their countries and the operations they take; returns identifier → id. */
export async function insertProgrammes(db: Database, sandbox: Sandbox): Promise<IdMap> {
  assertRulesNameKnownProgrammes(sandbox);
  const inserted = await db
    .insert(programmes)
    .values(
      sandbox.programmes.map((programme, index) => ({
        identifier: programme.identifier,
        name: programme.name,
        role: programme.role,
        organisationIdentifier: programme.partner?.identifier ?? null,
        organisationName: programme.partner?.organisationName ?? null,
        position: index + 1,
        ...programmeRulesOf(sandbox, programme.identifier),
      })),
    )
    .returning({ id: programmes.id, identifier: programmes.identifier });
  const ids: IdMap = new Map(inserted.map((row) => [row.identifier, row.id]));

  const countries = sandbox.programmes.flatMap((programme) =>
    programme.countries.map((countryCode) => ({
      programmeId: idOf(ids, programme.identifier, "programme"),
      countryCode,
    })),
  );
  if (countries.length > 0) await db.insert(programmeCountries).values(countries);
  return ids;
}

/** Partners with their keys, programmes and OAuth clients; returns partner identifier → id. */
export async function insertPartners(
  db: Database,
  sandbox: Sandbox,
  programmeIds: IdMap,
  secretHashes: ClientSecretHashes,
  now: Date,
): Promise<IdMap> {
  const inserted = await db
    .insert(partners)
    .values(
      sandbox.partners.map((partner) => ({
        partnerIdentifier: partner.partnerIdentifier,
        name: partner.name,
        status: partner.status,
        externalSource: partner.externalSource ?? null,
        reversalWindowHours: sandbox.reversalWindowHours,
        pricingConfiguration: partner.pricing ?? null,
        createdAt: now,
      })),
    )
    .returning({ id: partners.id, identifier: partners.partnerIdentifier });
  const ids: IdMap = new Map(inserted.map((row) => [row.identifier, row.id]));

  for (const partner of sandbox.partners) {
    const partnerId = idOf(ids, partner.partnerIdentifier, "partner");
    const keys = (["staging", "live"] as const).flatMap((environment) => {
      const key = partner.apiKeys[environment];
      if (!key) return [];
      return [{ partnerId, environment, keyHash: hashApiKey(key), keyPrefix: key.slice(0, 8), createdAt: now }];
    });
    await db.insert(apiKeys).values(keys);

    if (partner.programmes.length > 0) {
      await db
        .insert(partnerProgrammes)
        .values(partner.programmes.map((code) => ({ partnerId, programmeId: idOf(programmeIds, code, "programme") })));
    }

    if (partner.oauthClient) {
      const { clientId, redirectUris } = partner.oauthClient;
      const id = await insertClient(db, { partnerId, clientId, kind: "member_login", secretHashes, now });
      if (redirectUris.length > 0) {
        await db
          .insert(oauthRedirectUris)
          .values(redirectUris.map((uri) => ({ clientId: id, uri, programmeId: null })));
      }
    }

    if (partner.furtherProgrammes) {
      const { clientId, businessContextIdentifier, redirectUris } = partner.furtherProgrammes;
      const id = await insertClient(db, {
        partnerId,
        clientId,
        kind: "further_programmes",
        businessContextIdentifier,
        secretHashes,
        now,
      });
      const uris = Object.entries(redirectUris).map(([programme, uri]) => ({
        clientId: id,
        uri,
        programmeId: idOf(programmeIds, programme, "programme"),
      }));
      if (uris.length > 0) await db.insert(oauthRedirectUris).values(uris);
    }
  }
  return ids;
}

async function insertClient(
  db: Database,
  client: {
    partnerId: number;
    clientId: string;
    kind: "member_login" | "further_programmes";
    businessContextIdentifier?: string;
    secretHashes: ClientSecretHashes;
    now: Date;
  },
): Promise<number> {
  const secretHash = client.secretHashes.get(client.clientId);
  if (!secretHash) throw new Error(`No secret hash prepared for OAuth client ${client.clientId}`);
  const [row] = await db
    .insert(oauthClients)
    .values({
      partnerId: client.partnerId,
      clientId: client.clientId,
      secretHash,
      kind: client.kind,
      businessContextIdentifier: client.businessContextIdentifier ?? null,
      createdAt: client.now,
    })
    .returning({ id: oauthClients.id });
  return row!.id;
}

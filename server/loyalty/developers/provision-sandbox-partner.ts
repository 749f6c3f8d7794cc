import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners, type Partner } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { normaliseRegisteredIdentifier } from "@/server/loyalty/members/ascii-upper";
import { sandbox, type SandboxPartner } from "@/server/loyalty/sandbox/sandbox-file";
import { insertMembers } from "@/server/loyalty/sandbox/seed-members";
import type { IdMap } from "@/server/loyalty/sandbox/id-map";
import { insertPartners } from "@/server/loyalty/sandbox/seed-partners";
import { hashSecret } from "@/server/security/password-hash";
import { personaCopies } from "./persona-copies";
import type { SandboxCredentials } from "./sandbox-credentials";

/** Where a new sandbox's OAuth clients send members back until the developer registers its own addresses. */
export const placeholderRedirectUri = "https://partner.example/oauth/callback";
/** What a developer sandbox writes into its credits' `externalSource`. */
export const sandboxExternalSource = "DEVSHOP";

/** The Demo Partner: a new sandbox partner gets its programmes and pricing. */
function demoPartner(): SandboxPartner {
  const demo = sandbox.partners.find((partner) => partner.partnerIdentifier === "DEMOPARTNER01");
  if (!demo) throw new Error("sandbox.json lost the Demo Partner");
  return demo;
}

let memberHashes: Promise<{ password: string; identifiers: Map<string, string> }> | undefined;

/**
 * argon2id hashes of the sandbox password and of the personas' documents on
 * file, computed once per process and reused by every copy: the password is
 * public and the same for all, so one hash per sign-up would only cost time
 * (docs/decisions.md, "Developer console").
 */
function personaSecretHashes(): Promise<{ password: string; identifiers: Map<string, string> }> {
  memberHashes ??= (async () => {
    const documents = sandbox.members.flatMap((member) =>
      member.registeredIdentifier ? [[member.membershipNumber, member.registeredIdentifier.identifier] as const] : [],
    );
    const [password, ...documentHashes] = await Promise.all([
      hashSecret(sandbox.password, "internal"),
      ...documents.map(([, identifier]) => hashSecret(normaliseRegisteredIdentifier(identifier), "internal")),
    ]);
    return {
      password: password!,
      identifiers: new Map(documents.map(([number], index) => [number, documentHashes[index]!])),
    };
  })().catch((error: unknown) => {
    memberHashes = undefined;
    throw error;
  });
  return memberHashes;
}

/** Warms the persona hashes (sign-up calls it before its transaction). */
export function preparePersonaHashes(): Promise<unknown> {
  return personaSecretHashes();
}

async function programmeIds(db: Database): Promise<IdMap> {
  const rows = await db.select({ id: programmes.id, identifier: programmes.identifier }).from(programmes);
  return new Map(rows.map((row) => [row.identifier, row.id]));
}

/** The username tag of a sandbox partner's member copies, kept in its identifier (`DEV` + tag). */
export function usernameTagOf(partner: Pick<Partner, "partnerIdentifier">): string {
  return partner.partnerIdentifier.slice(3).toLowerCase();
}

/**
 * A developer's sandbox partner, as the Demo Partner is seeded: its staging
 * key, OAuth client and further-programme client (secrets hashed by the
 * caller), the sandbox programmes and pricing, and its own copies of every
 * persona. Runs inside the caller's transaction; returns the partner.
 */
export async function provisionSandboxPartner(
  db: Database,
  credentials: SandboxCredentials,
  secretHashes: { clientSecret: string; partnerSecret: string },
  now: Date,
): Promise<Partner> {
  const demo = demoPartner();
  const entry: SandboxPartner = {
    name: `Developer sandbox ${credentials.partnerIdentifier}`,
    status: "ACTIVE",
    partnerIdentifier: credentials.partnerIdentifier,
    apiKeys: { staging: credentials.stagingApiKey },
    oauthClient: {
      clientId: credentials.clientId,
      password: credentials.clientSecret,
      redirectUris: [placeholderRedirectUri],
    },
    furtherProgrammes: {
      clientId: credentials.furtherClientId,
      businessContextIdentifier: credentials.businessContextIdentifier,
      partnerSecret: credentials.partnerSecret,
      redirectUris: Object.fromEntries(
        Object.keys(demo.furtherProgrammes?.redirectUris ?? {}).map((programme) => [
          programme,
          `${placeholderRedirectUri}/${programme.toLowerCase()}`,
        ]),
      ),
    },
    programmes: demo.programmes,
    externalSource: sandboxExternalSource,
    pricing: demo.pricing,
  };
  const ids = await programmeIds(db);
  const partnerIds = await insertPartners(
    db,
    { ...sandbox, partners: [entry] },
    ids,
    new Map([
      [credentials.clientId, secretHashes.clientSecret],
      [credentials.furtherClientId, secretHashes.partnerSecret],
    ]),
    now,
  );
  const partnerId = partnerIds.get(credentials.partnerIdentifier)!;
  const [partner] = await db
    .update(partners)
    .set({ developerSandbox: true })
    .where(eq(partners.id, partnerId))
    .returning();
  await insertPersonaCopies(db, partner!, ids, now);
  return partner!;
}

/** The partner's copies of every persona, seeded as the personas are (balances, histories, profiles). */
export async function insertPersonaCopies(db: Database, partner: Partner, ids: IdMap | undefined, now: Date) {
  const hashes = await personaSecretHashes();
  const { members, personas } = personaCopies(sandbox, partner.id, usernameTagOf(partner));
  const journalPartner: SandboxPartner = {
    name: partner.name,
    status: "ACTIVE",
    partnerIdentifier: partner.partnerIdentifier,
    apiKeys: { staging: "" },
    programmes: demoPartner().programmes,
    externalSource: partner.externalSource ?? sandboxExternalSource,
  };
  const passwords = new Map<string, string>();
  const registeredIdentifiers = new Map<string, string>();
  for (const member of members) {
    const persona = personas.get(member.membershipNumber)!;
    if (member.username) passwords.set(member.membershipNumber, hashes.password);
    const document = hashes.identifiers.get(persona.membershipNumber);
    if (document) registeredIdentifiers.set(member.membershipNumber, document);
  }
  await insertMembers(
    db,
    { ...sandbox, members, partners: [journalPartner] },
    { programmes: ids ?? (await programmeIds(db)), partners: new Map([[partner.partnerIdentifier, partner.id]]) },
    { passwords, registeredIdentifiers },
    now,
    { sandboxPartnerId: partner.id, personas, identifierSuffix: `S${partner.id}` },
  );
}

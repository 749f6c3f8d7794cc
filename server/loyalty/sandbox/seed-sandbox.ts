import type { Database } from "@/server/db/connect";
import { normaliseRegisteredIdentifier } from "@/server/loyalty/members/ascii-upper";
import { hashSecret } from "@/server/security/password-hash";
import { sandbox, type Sandbox } from "./sandbox-file";
import { insertMembers, type MemberSecretHashes } from "./seed-members";
import { insertPartners, insertProgrammes, type ClientSecretHashes } from "./seed-partners";
import { insertServiceRules } from "./seed-rules";

/**
 * Inserts the public sandbox (sandbox.json) into an empty, migrated database,
 * all or nothing. Dates in the seeded histories count back from `now`.
 */
export async function seedSandbox(db: Database, now = new Date()): Promise<void> {
  // argon2 is deliberately slow: hash everything up front, in parallel, rather
  // than inside the transaction where each hash would hold it open.
  const { clientSecrets, memberSecrets } = await hashSandboxSecrets(sandbox);
  await db.transaction(async (tx) => {
    const programmeIds = await insertProgrammes(tx, sandbox);
    await insertServiceRules(tx, sandbox, programmeIds);
    const partnerIds = await insertPartners(tx, sandbox, programmeIds, clientSecrets, now);
    await insertMembers(tx, sandbox, { programmes: programmeIds, partners: partnerIds }, memberSecrets, now);
  });
}

async function hashSandboxSecrets(
  file: Sandbox,
): Promise<{ clientSecrets: ClientSecretHashes; memberSecrets: MemberSecretHashes }> {
  const clients = file.partners.flatMap((partner) => [
    ...(partner.oauthClient ? [[partner.oauthClient.clientId, partner.oauthClient.password] as const] : []),
    ...(partner.furtherProgrammes
      ? [[partner.furtherProgrammes.clientId, partner.furtherProgrammes.partnerSecret] as const]
      : []),
  ]);
  // One hash per member (own salt), so equal passwords do not show as equal hashes.
  const members = file.members.filter((member) => member.username).map((member) => member.membershipNumber);
  // Documents on file are kept as registration stores them: argon2id of the normalised number.
  const documents = file.members.flatMap((member) =>
    member.registeredIdentifier ? [[member.membershipNumber, member.registeredIdentifier.identifier] as const] : [],
  );
  const [clientHashes, memberHashes, documentHashes] = await Promise.all([
    Promise.all(clients.map(([, secret]) => hashSecret(secret, "internal"))),
    Promise.all(members.map(() => hashSecret(file.password, "internal"))),
    Promise.all(documents.map(([, identifier]) => hashSecret(normaliseRegisteredIdentifier(identifier), "internal"))),
  ]);
  return {
    clientSecrets: new Map(clients.map(([clientId], index) => [clientId, clientHashes[index]!])),
    memberSecrets: {
      passwords: new Map(members.map((number, index) => [number, memberHashes[index]!])),
      registeredIdentifiers: new Map(documents.map(([number], index) => [number, documentHashes[index]!])),
    },
  };
}

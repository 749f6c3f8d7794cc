import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partnerProgrammes, programmes } from "@/server/loyalty/programmes/programme-tables";
import { apiKeys, partners, type Partner } from "./partner-tables";
import { sha256Hex } from "@/server/loyalty/security/digests";

/** How api keys are stored: a stolen table does not hand out working keys. */
export function hashApiKey(apiKey: string): string {
  return sha256Hex(apiKey);
}

export interface PartnerWithKey {
  partner: Partner;
  /** The key's own id: request limits are counted per key. */
  keyId: number;
  environment: "staging" | "live";
  /** Identifiers of the programmes the partner is registered with. */
  programmes: ReadonlySet<string>;
}

/** The partner holding an unrevoked api_key, with its programmes, in one query; or undefined. */
export async function findPartnerByApiKey(db: Database, apiKey: string): Promise<PartnerWithKey | undefined> {
  const rows = await db
    .select({
      partner: partners,
      keyId: apiKeys.id,
      environment: apiKeys.environment,
      programme: programmes.identifier,
    })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .leftJoin(partnerProgrammes, eq(partnerProgrammes.partnerId, partners.id))
    .leftJoin(programmes, eq(programmes.id, partnerProgrammes.programmeId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.revokedAt)));
  const [first] = rows;
  if (!first) return undefined;
  const identifiers = rows
    .map((row) => row.programme)
    .filter((identifier): identifier is string => identifier !== null);
  return {
    partner: first.partner,
    keyId: first.keyId,
    environment: first.environment,
    programmes: new Set(identifiers),
  };
}

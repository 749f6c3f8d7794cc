import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { sha256Hex } from "@/server/loyalty/security/digests";
import { apiKeys, partners, type Partner } from "@/server/db/schema";

/** How api keys are stored: a stolen table does not hand out working keys. */
export function hashApiKey(apiKey: string): string {
  return sha256Hex(apiKey);
}

export interface PartnerWithKey {
  partner: Partner;
  environment: "staging" | "live";
}

/** The partner holding an unrevoked api_key, or undefined. */
export async function findPartnerByApiKey(db: Database, apiKey: string): Promise<PartnerWithKey | undefined> {
  const [row] = await db
    .select({ partner: partners, environment: apiKeys.environment })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row;
}

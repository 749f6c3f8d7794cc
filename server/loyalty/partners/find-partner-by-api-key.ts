import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { apiKeys, partners, type Partner } from "@/server/db/schema";

export function hashApiKey(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex");
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

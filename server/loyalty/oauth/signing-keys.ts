import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { Database } from "@/server/db/connect";
import { signingKeys } from "@/server/db/schema";

export const signingAlgorithm = "ES256";

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

const cache = new Map<string, Promise<SigningKey>>();

async function toSigningKey(row: typeof signingKeys.$inferSelect): Promise<SigningKey> {
  return {
    kid: row.kid,
    privateKey: (await importJWK(row.privateJwk as JWK, row.algorithm)) as CryptoKey,
    publicKey: (await importJWK(row.publicJwk as JWK, row.algorithm)) as CryptoKey,
    publicJwk: row.publicJwk as JWK,
  };
}

/**
 * The active signing key, generated and stored on first use. Every instance
 * sharing the database signs with the oldest active key, so two instances
 * starting together converge on one.
 */
export async function activeSigningKey(db: Database): Promise<SigningKey> {
  const [existing] = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.active, true))
    .orderBy(asc(signingKeys.createdAt))
    .limit(1);
  if (existing) return cachedKey(existing);

  const { privateKey, publicKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: signingAlgorithm, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: signingAlgorithm };
  await db
    .insert(signingKeys)
    .values({ kid, algorithm: signingAlgorithm, publicJwk, privateJwk })
    .onConflictDoNothing();
  const [chosen] = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.active, true))
    .orderBy(asc(signingKeys.createdAt))
    .limit(1);
  if (!chosen) throw new Error("no signing key after generating one");
  return cachedKey(chosen);
}

/** The key a token names in its header, for verification. */
export async function signingKeyById(db: Database, kid: string): Promise<SigningKey | undefined> {
  const cached = cache.get(kid);
  if (cached) return cached;
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.kid, kid)).limit(1);
  return row ? cachedKey(row) : undefined;
}

/** Public keys for the JWKS document. */
export async function publicSigningKeys(db: Database): Promise<JWK[]> {
  await activeSigningKey(db);
  const rows = await db
    .select({ publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .orderBy(asc(signingKeys.createdAt));
  return rows.map((row) => row.publicJwk as JWK);
}

function cachedKey(row: typeof signingKeys.$inferSelect): Promise<SigningKey> {
  // Keys never change once stored, so caching per process is safe.
  let key = cache.get(row.kid);
  if (!key) {
    key = toSigningKey(row);
    cache.set(row.kid, key);
  }
  return key;
}

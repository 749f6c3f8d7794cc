import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull, ne, or } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { Database } from "@/server/db/connect";
import { signingKeys } from "./token-tables";
import { accessTokenSeconds } from "./token-lifetimes";

export const signingAlgorithm = "ES256";

/**
 * How long a retired key still verifies by default: the longest an access
 * token it signed can live. After that it verifies nothing and leaves the
 * JWKS, so a key taken out of service cannot be used again, whatever it signed.
 */
export const retiredKeyVerifySeconds = accessTokenSeconds;

/** How long an instance trusts what it read of a key: a retirement reaches every instance within this. */
const keyRecheckMs = 60_000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

interface CachedKey {
  key: Promise<SigningKey>;
  verifyUntil: Date | null;
  readAt: number;
}

const cache = new Map<string, CachedKey>();

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
  if (existing) return cachedKey(existing).key;

  await insertNewKey(db);
  const [chosen] = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.active, true))
    .orderBy(asc(signingKeys.createdAt))
    .limit(1);
  if (!chosen) throw new Error("no signing key after generating one");
  return cachedKey(chosen).key;
}

async function insertNewKey(db: Database, now?: Date): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: signingAlgorithm, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: signingAlgorithm };
  await db
    .insert(signingKeys)
    .values({ kid, algorithm: signingAlgorithm, publicJwk, privateJwk, ...(now ? { createdAt: now } : {}) })
    .onConflictDoNothing();
  return kid;
}

/**
 * The key a token names in its header, for verification; undefined when no
 * such key exists or it was retired and its time to verify is over.
 */
export async function signingKeyById(
  db: Database,
  kid: string,
  now: Date = new Date(),
): Promise<SigningKey | undefined> {
  let entry = cache.get(kid);
  if (!entry || Date.now() - entry.readAt > keyRecheckMs) {
    const [row] = await db.select().from(signingKeys).where(eq(signingKeys.kid, kid)).limit(1);
    if (!row) return undefined;
    entry = cachedKey(row);
  }
  if (entry.verifyUntil !== null && entry.verifyUntil.getTime() <= now.getTime()) return undefined;
  return entry.key;
}

/**
 * Takes a key out of service: it signs nothing from now on and verifies only
 * for `verifySeconds` more (0 for a key that must stop at once, e.g. one
 * that leaked). When it was the active key, a new one takes over.
 */
export async function retireSigningKey(
  db: Database,
  kid: string,
  now: Date = new Date(),
  verifySeconds: number = retiredKeyVerifySeconds,
): Promise<void> {
  await db
    .update(signingKeys)
    .set({ active: false, verifyUntil: new Date(now.getTime() + verifySeconds * 1000) })
    .where(eq(signingKeys.kid, kid));
  cache.delete(kid);
}

/** A new active key; every other key is retired and verifies for `retiredKeyVerifySeconds` more. */
export async function rotateSigningKeys(db: Database, now: Date = new Date()): Promise<string> {
  const kid = await insertNewKey(db, now);
  const retired = await db
    .update(signingKeys)
    .set({ active: false, verifyUntil: new Date(now.getTime() + retiredKeyVerifySeconds * 1000) })
    .where(and(ne(signingKeys.kid, kid), eq(signingKeys.active, true)))
    .returning({ kid: signingKeys.kid });
  for (const row of retired) cache.delete(row.kid);
  return kid;
}

/** Public keys for the JWKS document: those that still verify. */
export async function publicSigningKeys(db: Database, now: Date = new Date()): Promise<JWK[]> {
  await activeSigningKey(db);
  const rows = await db
    .select({ publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(or(isNull(signingKeys.verifyUntil), gt(signingKeys.verifyUntil, now)))
    .orderBy(asc(signingKeys.createdAt));
  return rows.map((row) => row.publicJwk as JWK);
}

function cachedKey(row: typeof signingKeys.$inferSelect): CachedKey {
  // The key material never changes once stored; only its retirement is read again.
  const previous = cache.get(row.kid);
  const entry: CachedKey = {
    key: previous?.key ?? toSigningKey(row),
    verifyUntil: row.verifyUntil,
    readAt: Date.now(),
  };
  cache.set(row.kid, entry);
  return entry;
}

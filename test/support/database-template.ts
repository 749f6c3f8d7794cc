import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import type { DatabaseHandle } from "@/server/db/connect";
import { prepareDatabase } from "@/server/loyalty/db/loyalty-database";
import { rowsOf } from "@/server/db/rows";
import { preparePaymentsDatabase } from "@/server/payments/db/payments-database";
import { preparePortalDatabase } from "@/server/portal/db/portal-database";

/** A database migrated and seeded once per run, which each test file copies. */
export type DatabaseTemplate = {
  key: string;
  /** The files and folders the key hashes (template-sources.ts), for a file to check the key against cheaply. */
  sources: string[];
  /** Written, with the reason, when making the template failed. */
  failureFile: string;
} & (
  | {
      kind: "pglite";
      /** The dumped data directory (tar), present once complete. */
      file: string;
      /** The same database before any party was migrated into it (tar), written before `file`. */
      emptyFile: string;
    }
  | {
      kind: "postgres";
      /** A database on the TEST_DATABASE_URL server, only ever copied; closed to connections once complete. */
      name: string;
    }
);

/** Waits until the run's template is complete (it is made while the first files start). */
export function awaitTemplate(template: DatabaseTemplate): Promise<void> {
  return waitForTemplate(
    "the run's database template",
    template.failureFile,
    template.kind === "pglite" ? () => existsSync(template.file) : () => postgresTemplateReady(template.name),
  );
}

/**
 * Waits until `isReady`, for a template another process is making: fails at
 * once with its reason when the maker wrote `failureFile`, and after 170 s
 * (within the hooks' 180 s) when it never finishes.
 */
export async function waitForTemplate(
  what: string,
  failureFile: string,
  isReady: () => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (existsSync(failureFile)) throw new Error(`${what} failed:\n${readFileSync(failureFile, "utf8")}`);
    if (await isReady()) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within 170 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Tells the processes waiting for a template (`waitForTemplate`) why making it failed. */
export function recordTemplateFailure(failureFile: string, error: unknown): void {
  mkdirSync(path.dirname(failureFile), { recursive: true });
  // PGlite rejects with plain objects ({ message, code… }), which String() would print as [object Object].
  writeFileSync(failureFile, error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error, null, 2));
}

async function postgresTemplateReady(name: string): Promise<boolean> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for PostgreSQL tests");
  const result = await withAdminClient(serverUrl, (client) =>
    client.query("SELECT 1 FROM pg_database WHERE datname = $1 AND NOT datallowconn", [name]),
  );
  return result.rowCount === 1;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | undefined;
  }
}

function addToHash(hash: ReturnType<typeof createHash>, entry: string): void {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const child of readdirSync(entry).sort()) addToHash(hash, path.join(entry, child));
    return;
  }
  hash.update(`${entry}\0`);
  hash.update(readFileSync(entry));
  hash.update("\0");
}

/**
 * The hash of `sources` (files and folders under `root`): the template's key
 * when they are what it is made of (template-sources.ts). Cheap, so each test
 * file can check the run's template against the tree it runs on.
 */
export function hashSources(sources: readonly string[], root = process.cwd()): string {
  const hash = createHash("sha256");
  for (const source of sources) addToHash(hash, path.join(root, source));
  return hash.digest("hex").slice(0, 16);
}

/** The service's schema and sandbox, the portal's schema and the payments sandbox's, as the app prepares them on first use. */
export async function prepareEveryParty(handle: DatabaseHandle): Promise<void> {
  await prepareDatabase(handle);
  await preparePortalDatabase(handle);
  await preparePaymentsDatabase(handle);
}

/**
 * Refuses a template that holds anything secret made at run time: every
 * file's copy would share it. Signing keys are generated on first use, so a
 * copy starts without one and makes its own, as a fresh database does.
 */
export async function assertNothingSecretShared(handle: DatabaseHandle): Promise<void> {
  const result = await handle.db.execute(`SELECT count(*)::int AS count FROM "loyalty"."signing_keys"`);
  if (rowsOf<{ count: number }>(result)[0]?.count !== 0)
    throw new Error("the database template holds signing keys: each copy would share them");
}

export async function withAdminClient<T>(url: string, task: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** A unique database name on the shared server (helpers and runs share it). */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { Client, Pool } from "pg";
import { openPgliteInWorker, type PgliteInWorker } from "./pglite-in-worker";

/** Held while migrating and seeding, so several instances starting together take turns. */
export const startupLockId = 7_304_210_001;

/**
 * A connection or a transaction: domain functions accept either. Untied to
 * any schema module: the service, the portal and the payments sandbox share
 * the connection but each knows only its own tables.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Raw SQL for maintenance (migrations, resets), outside the ORM. */
  exec(sql: string): Promise<void>;
  /** Runs `task` while holding a lock that every instance sharing this database respects. */
  withStartupLock<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (from any instance sharing
   * this database), and `onLost` whenever notifications may have been missed
   * (the listening connection failed; it reconnects by itself). Resolves once
   * listening; the returned function stops.
   */
  listen?(channel: string, onNotify: () => void, onLost: () => void): Promise<() => Promise<void>>;
  /** The pool's connections now (PostgreSQL); absent for the embedded database, which has no pool. */
  poolUsage?(): PoolUsage;
  close(): Promise<void>;
}

export interface PoolUsage {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most the pool opens (DATABASE_POOL_SIZE). */
  max: number;
}

export interface ConnectOptions {
  /** A postgres:// URL; when absent the embedded database is opened. */
  databaseUrl?: string;
  /** Folder of the embedded database, or `memory://`. */
  pgliteDataDir?: string;
  poolSize?: number;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 10;
    const pool = new Pool({ connectionString: options.databaseUrl, max });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", () => undefined);
    const db = drizzleNodePostgres({ client: pool }) as unknown as Database;
    const listeners: (() => Promise<void>)[] = [];
    return {
      db,
      kind: "postgres",
      exec: async (sql) => {
        await pool.query(sql);
      },
      withStartupLock: async (task) => {
        const lockClient = await pool.connect();
        try {
          await lockClient.query("SELECT pg_advisory_lock($1)", [startupLockId]);
          return await task();
        } finally {
          await lockClient.query("SELECT pg_advisory_unlock($1)", [startupLockId]).catch(() => undefined);
          lockClient.release();
        }
      },
      listen: async (channel, onNotify, onLost) => {
        const stop = await listenOnPostgres(options.databaseUrl!, channel, onNotify, onLost);
        listeners.push(stop);
        return stop;
      },
      poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      close: async () => {
        await Promise.all(listeners.map((stop) => stop()));
        await pool.end();
      },
    };
  }

  // The embedded database runs on a thread of its own (pglite-in-worker.ts).
  const dataDir = options.pgliteDataDir ?? ".data/pglite";
  if (dataDir.startsWith("memory://")) return pgliteHandle(await openPgliteInWorker("memory://"));
  const absolute = path.resolve(/*turbopackIgnore: true*/ dataDir);
  mkdirSync(absolute, { recursive: true });
  return pgliteHandle(await openPgliteInWorker(absolute));
}

/**
 * The handle of an embedded database: on its own thread (connectDatabase),
 * or opened in this thread elsewhere (the tests' copies of their template).
 * Closing the handle closes the database.
 */
export function pgliteHandle(client: PGlite | PgliteInWorker): DatabaseHandle {
  return {
    // drizzle's PGlite driver uses only the calls both kinds answer alike.
    db: drizzlePglite({ client: client as PGlite }) as unknown as Database,
    kind: "pglite",
    exec: async (sql) => {
      await client.exec(sql);
    },
    // One process owns an embedded database, and it runs one statement at a time.
    withStartupLock: (task) => task(),
    // One process: its own notifications are all there is, and none is lost.
    listen: async (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: () => client.close(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to
 * queries). When it fails, `onLost` says notifications may have been missed,
 * and it connects again a second later, for as long as it is not stopped.
 */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: () => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: Client | undefined;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      onLost();
      next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1_000).unref();
    };
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on("error", lose);
    next.on("end", lose);
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      // A database dropped (tests) or renamed is gone for good: nothing left to follow.
      if ((error as { code?: string }).code === "3D000") stopped = true;
      lose();
      throw error;
    }
    client = next;
    if (stopped) await next.end().catch(() => undefined);
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

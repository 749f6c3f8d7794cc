import "server-only";
import { sql } from "drizzle-orm";
import { env } from "@/server/config/env";
import { expectedMigrations, migrationStates, type MigrationState } from "@/server/db/party-migrations";
import { getConnection } from "@/server/db/shared-connection";
import { pollingLoopStates, type PollingLoopState } from "@/server/workers/polling-loop";

export type WorkerStatus = "running" | "stalled" | "stopped";

/** What /api/ready answers: each part's state, by name only (no address, no driver's message). */
export interface Readiness {
  ready: boolean;
  checks: {
    database: "up" | "down";
    migrations: "applied" | "pending" | "unknown";
    workers: "running" | "stalled";
  };
  /** Each party this process runs: are its migrations applied? */
  migrations: Record<string, MigrationState | "unknown">;
  /** Each background loop this process started. */
  workers: Record<string, WorkerStatus>;
}

/** A loop may be this late (its next pass, or a beat of the pass under way) before it counts as stalled. */
export function stallAfterMs(intervalMs: number): number {
  return Math.max(3 * intervalMs, 120_000);
}

/**
 * A loop holds while it has not been stopped and is on time: the pass under
 * way has beaten (started, or said it made progress) within its allowance,
 * or, between passes, the next one is due no longer ago than that. A failed
 * pass still counts: the loop goes on and the next pass tries again (the
 * database's own check says when the database is the trouble).
 */
export function workerStatus(state: PollingLoopState, now: number): WorkerStatus {
  if (state.stoppedAt !== undefined) return "stopped";
  const allowance = stallAfterMs(state.intervalMs);
  const lastSign = state.lastBeatAt ?? state.nextPassDueAt;
  if (lastSign === undefined) return "running";
  return now - lastSign <= allowance ? "running" : "stalled";
}

interface DatabaseFacts {
  database: "up" | "down";
  migrations: Record<string, MigrationState | "unknown">;
}

/** A read answered within this long is reused: however often probes ask, the database sees about one read a second. */
const reuseMs = 1_000;
let reading: Promise<DatabaseFacts> | undefined;
let lastRead: { at: number; facts: DatabaseFacts } | undefined;

const unknownMigrations = () =>
  Object.fromEntries(expectedMigrations().map((party) => [party.party, "unknown" as const]));

async function readDatabaseFacts(): Promise<DatabaseFacts> {
  const parties = expectedMigrations();
  try {
    const handle = await getConnection();
    if (parties.length === 0) await handle.db.execute(sql`SELECT 1`);
    const states = await migrationStates(
      handle.db,
      parties.map((party) => party.migrations),
    );
    const migrations: Record<string, MigrationState> = {};
    for (const party of parties) {
      const state = states.get(party.migrations) ?? "pending";
      migrations[party.party] = state;
      // A party whose preparation failed at start (the database was down) is prepared again, once at a time.
      if (state === "pending") party.prepare().catch(() => undefined);
    }
    return { database: "up", migrations };
  } catch {
    // Which error it was stays out of the answer: a driver's message may name the host or the user.
    return { database: "down", migrations: unknownMigrations() };
  }
}

/**
 * The database's part: one read at a time per process, reused for a second,
 * and no longer waited for than READY_DATABASE_TIMEOUT_MS (a read still
 * under way then answers the next probes as down until it ends, rather than
 * a second read piling up behind it).
 */
async function databaseFacts(timeoutMs: number, reuse: boolean): Promise<DatabaseFacts> {
  if (reuse && lastRead && Date.now() - lastRead.at < reuseMs) return lastRead.facts;
  if (!reading) {
    const started = readDatabaseFacts().then((facts) => {
      lastRead = { at: Date.now(), facts };
      return facts;
    });
    reading = started;
    void started.finally(() => {
      if (reading === started) reading = undefined;
    });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<DatabaseFacts>((resolve) => {
    timer = setTimeout(() => resolve({ database: "down", migrations: unknownMigrations() }), timeoutMs);
  });
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessOptions {
  /** The time the loops are judged at (tests). */
  now?: number;
  /** Reuse a read of the last second (default); false reads the database again (tests). */
  reuse?: boolean;
}

/**
 * Whether this instance should receive traffic: the database answers, every
 * party it runs has its migrations applied, and every background loop it
 * started holds. Cheap: one short read of the database a second at most,
 * the loops' states from memory.
 */
export async function checkReadiness(options: ReadinessOptions = {}): Promise<Readiness> {
  const facts = await databaseFacts(env().READY_DATABASE_TIMEOUT_MS, options.reuse ?? true);
  const now = options.now ?? Date.now();
  const workers: Record<string, WorkerStatus> = {};
  for (const state of pollingLoopStates()) workers[state.name] = workerStatus(state, now);
  const migrationValues = Object.values(facts.migrations);
  const checks: Readiness["checks"] = {
    database: facts.database,
    migrations:
      facts.database === "down"
        ? "unknown"
        : migrationValues.every((state) => state === "applied")
          ? "applied"
          : "pending",
    workers: Object.values(workers).every((status) => status === "running") ? "running" : "stalled",
  };
  const ready = checks.database === "up" && checks.migrations === "applied" && checks.workers === "running";
  return { ready, checks, migrations: facts.migrations, workers };
}

import { createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as healthRoute from "@/app/api/health/route";
import * as readyRoute from "@/app/api/ready/route";
import { resetEnvironmentCache } from "@/server/config/env";
import { connectDatabase, type DatabaseHandle } from "@/server/db/connect";
import { loyaltyMigrations } from "@/server/db/migrate";
import { expectedMigrations, migrationStates } from "@/server/db/party-migrations";
import { rowsOf } from "@/server/db/rows";
import { installConnection } from "@/server/db/shared-connection";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { checkReadiness, stallAfterMs, workerStatus } from "@/server/observability/check-readiness";
import { getPaymentsDatabase, paymentsMigrations } from "@/server/payments/db/payments-database";
import { getPortalDatabase, portalMigrations } from "@/server/portal/db/portal-database";
import { startPollingLoop, type PollingLoop } from "@/server/workers/polling-loop";
import { callRoute } from "../support/call-route";
import { createEmptyPgliteDatabase, setupTestDatabase } from "../support/test-database";

const { handle } = setupTestDatabase();

beforeAll(async () => {
  // What the app's start does: each party's database asked for, which registers its migrations for readiness.
  await getDatabase();
  await getPortalDatabase();
  await getPaymentsDatabase();
});

const loops: PollingLoop[] = [];
afterEach(async () => {
  await Promise.all(loops.splice(0).map((loop) => loop.stop()));
  installConnection(handle());
});

interface ReadyBody {
  status: string;
  checks: Record<string, string>;
  migrations: Record<string, string>;
  workers: Record<string, string>;
}

describe("/api/health", () => {
  it("answers 200 without asking the database, never cached", async () => {
    // A connection to nowhere: liveness must not depend on it.
    const nowhere = await connectDatabase({ databaseUrl: "postgres://probe:secret@127.0.0.1:9/none", poolSize: 1 });
    installConnection(nowhere);
    const answer = await callRoute(healthRoute, { url: "/api/health" });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: "ok" });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    await nowhere.close();
  });
});

describe("/api/ready", () => {
  it("answers 200 when the database answers, every party's migrations are applied and the loops hold", async () => {
    expect(expectedMigrations().map((party) => party.party)).toEqual(["loyalty", "portal", "payments"]);
    const answer = await callRoute(readyRoute, { url: "/api/ready" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.json).toEqual({
      status: "ready",
      checks: { database: "up", migrations: "applied", workers: "running" },
      migrations: { loyalty: "applied", portal: "applied", payments: "applied" },
      workers: {},
    });
  });

  it("answers 503 naming the database when it does not answer, and shows neither its address nor the driver's words", async () => {
    const nowhere = await connectDatabase({
      databaseUrl: "postgres://probe:hunter2@127.0.0.1:9/secretdb",
      poolSize: 1,
    });
    installConnection(nowhere);
    // The route reuses a read for a second: the next probe after that reads again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const answer = await callRoute(readyRoute, { url: "/api/ready" });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const body = answer.json as ReadyBody;
    expect(body.status).toBe("unavailable");
    expect(body.checks).toEqual({ database: "down", migrations: "unknown", workers: "running" });
    expect(body.migrations).toEqual({ loyalty: "unknown", portal: "unknown", payments: "unknown" });
    for (const word of ["127.0.0.1", "hunter2", "secretdb", "probe", "ECONNREFUSED", "connect"]) {
      expect(answer.text).not.toContain(word);
    }
    await nowhere.close();
  });

  it("calls the database down when it accepts the connection but never answers, within READY_DATABASE_TIMEOUT_MS", async () => {
    // A server that takes the connection and says nothing: the read hangs, the probe must not.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const silentDatabase = await connectDatabase({ databaseUrl: `postgres://x@127.0.0.1:${port}/x`, poolSize: 1 });
    process.env.READY_DATABASE_TIMEOUT_MS = "300";
    resetEnvironmentCache();
    try {
      installConnection(silentDatabase);
      const started = performance.now();
      const first = await checkReadiness({ reuse: false });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(first.checks.database).toBe("down");
      // The hanging read is not repeated: the next probe answers down at once rather than piling a second one up.
      const second = await checkReadiness({ reuse: false });
      expect(second.checks.database).toBe("down");
      expect(sockets.length).toBe(1);
    } finally {
      delete process.env.READY_DATABASE_TIMEOUT_MS;
      resetEnvironmentCache();
      for (const socket of sockets) socket.destroy();
      silent.close();
      await silentDatabase.close().catch(() => undefined);
      // The hanging read ends with the socket; the next reads are the test database's again.
      installConnection(handle());
      await expect.poll(async () => (await checkReadiness({ reuse: false })).checks.database).toBe("up");
    }
  });

  it("answers 503 naming the party whose migrations are not all applied", async () => {
    const [last] = rowsOf<{ id: number; hash: string }>(
      await handle().db.execute(
        sql.raw(`SELECT id, hash FROM "drizzle"."__payments_migrations" ORDER BY id DESC LIMIT 1`),
      ),
    );
    await handle().db.execute(sql.raw(`DELETE FROM "drizzle"."__payments_migrations" WHERE id = ${last!.id}`));
    try {
      const readiness = await checkReadiness({ reuse: false });
      expect(readiness.ready).toBe(false);
      expect(readiness.checks).toEqual({ database: "up", migrations: "pending", workers: "running" });
      expect(readiness.migrations).toEqual({ loyalty: "applied", portal: "applied", payments: "pending" });
    } finally {
      await handle().db.execute(
        sql`INSERT INTO "drizzle"."__payments_migrations" (id, hash, created_at) VALUES (${last!.id}, ${last!.hash}, 0)`,
      );
    }
    expect((await checkReadiness({ reuse: false })).ready).toBe(true);
  });

  it("answers 503 naming a loop that stalled or stopped, and holds a long pass that keeps beating", async () => {
    const intervalMs = 1_000;
    let beat: (() => void) | undefined;
    loops.push(
      startPollingLoop({
        name: "test-long-pass",
        intervalMs,
        firstDelayMs: 0,
        pass: (signal, beatNow) => {
          beat = beatNow;
          return new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
        },
      }),
    );
    await expect.poll(() => beat).toBeDefined();
    const now = Date.now();
    const allowance = stallAfterMs(intervalMs);
    expect((await checkReadiness({ now, reuse: false })).workers).toEqual({ "test-long-pass": "running" });
    // Long after its last beat, the pass under way has stalled.
    const later = await checkReadiness({ now: now + allowance + 1_000, reuse: false });
    expect(later.ready).toBe(false);
    expect(later.checks).toEqual({ database: "up", migrations: "applied", workers: "stalled" });
    expect(later.workers).toEqual({ "test-long-pass": "stalled" });
    // A beat (the pass still makes progress) holds it again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    beat!();
    expect((await checkReadiness({ now: Date.now() + allowance - 1_000, reuse: false })).workers).toEqual({
      "test-long-pass": "running",
    });

    await loops.pop()!.stop();
    const stopped = await checkReadiness({ reuse: false });
    expect(stopped.ready).toBe(false);
    expect(stopped.workers).toEqual({ "test-long-pass": "stopped" });
  });
});

describe("a loop's status (the rule)", () => {
  it("is on time while its next pass is due no longer ago than max(3 intervals, 2 minutes)", () => {
    const base = { name: "x", intervalMs: 60_000, startedAt: 0 };
    expect(stallAfterMs(1_000)).toBe(120_000);
    expect(stallAfterMs(600_000)).toBe(1_800_000);
    expect(workerStatus({ ...base, nextPassDueAt: 1_000 }, 1_000 + 180_000)).toBe("running");
    expect(workerStatus({ ...base, nextPassDueAt: 1_000 }, 1_000 + 180_001)).toBe("stalled");
    expect(workerStatus({ ...base, passStartedAt: 0, lastBeatAt: 50_000 }, 50_000 + 180_001)).toBe("stalled");
    expect(workerStatus({ ...base, stoppedAt: 5, nextPassDueAt: 10 }, 10)).toBe("stopped");
  });
});

describe("migrationStates", () => {
  let empty: DatabaseHandle;
  beforeAll(async () => {
    empty = await createEmptyPgliteDatabase();
  });
  afterAll(async () => {
    await empty?.close();
  });

  it("reads a database never migrated as pending, and creates nothing in it", async () => {
    const sets = [loyaltyMigrations, portalMigrations, paymentsMigrations];
    const states = await migrationStates(empty.db, sets);
    expect(sets.map((set) => states.get(set))).toEqual(["pending", "pending", "pending"]);
    const [drizzle] = rowsOf<{ n: number }>(
      await empty.db.execute(sql`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'drizzle'`),
    );
    expect(drizzle!.n).toBe(0);
  });
});

import { afterAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { startApp, type RunningApp } from "../support/start-app";
import { unlessSkipped } from "../support/skip-condition";
import { postgresServerBinaries, startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres";

interface ReadyBody {
  status: string;
  checks: Record<string, string>;
  migrations: Record<string, string>;
  workers: Record<string, string>;
}

/** Asks until the answer's status is `status`, and answers that response's body. */
async function readyUntil(
  origin: string,
  status: number,
  withinMs: number,
): Promise<{ body: ReadyBody; text: string }> {
  const deadline = Date.now() + withinMs;
  let last = "";
  for (;;) {
    const answer = await fetch(`${origin}/api/ready`);
    const text = await answer.text();
    if (answer.status === status) return { body: JSON.parse(text) as ReadyBody, text };
    last = `${answer.status} ${text}`;
    if (Date.now() > deadline) throw new Error(`/api/ready did not answer ${status} within ${withinMs} ms: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const hasServer = postgresServerBinaries() !== undefined;

describe("liveness and readiness over HTTP, with the database stopped under the app", () => {
  let database: ThrowawayPostgres | undefined;
  let app: RunningApp | undefined;

  afterAll(async () => {
    await app?.stop();
    await database?.destroy();
  });

  it.runIf(hasServer)(
    unlessSkipped(
      hasServer,
      "PostgreSQL's server programs (initdb, pg_ctl) under /usr/lib/postgresql",
      "turns /api/ready 503 naming the database when PostgreSQL stops, and 200 when it is back, without a restart",
    ),
    async () => {
      // A server of the test's own: stopping it touches nobody else's database.
      database = await startThrowawayPostgres();
      app = await startApp({ DATABASE_URL: database.url });
      const pid = app.pid;

      const health = await fetch(`${app.origin}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get("cache-control")).toBe("no-store");
      expect(await health.json()).toEqual({ status: "ok" });

      const up = await readyUntil(app.origin, 200, 30_000);
      expect(up.body).toMatchObject({
        status: "ready",
        checks: { database: "up", migrations: "applied", workers: "running" },
        migrations: { loyalty: "applied", portal: "applied", payments: "applied" },
      });
      // Every background loop this app starts is there, and holds.
      expect(up.body.workers).toEqual({
        "webhook-worker": "running",
        maintenance: "running",
        "checkout-worker": "running",
        "portal-maintenance": "running",
      });

      // Probes as often as anyone likes: never refused, never cached.
      const burst = await Promise.all(Array.from({ length: 40 }, () => fetch(`${app!.origin}/api/ready`)));
      expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 200));
      expect(burst.every((answer) => answer.headers.get("cache-control") === "no-store")).toBe(true);

      await database.stop();
      const down = await readyUntil(app.origin, 503, 15_000);
      expect(down.body).toEqual({
        status: "unavailable",
        checks: { database: "down", migrations: "unknown", workers: "running" },
        migrations: { loyalty: "unknown", portal: "unknown", payments: "unknown" },
        workers: up.body.workers,
      });
      // No address, port, user or driver's words.
      const port = new URL(database.url).port;
      for (const secret of [port, "127.0.0.1", "postgres", "ECONNREFUSED", "connect"]) {
        expect(down.text).not.toContain(secret);
      }
      // Alive all the while: liveness never asks the database.
      expect((await fetch(`${app.origin}/api/health`)).status).toBe(200);

      await database.start();
      const back = await readyUntil(app.origin, 200, 30_000);
      expect(back.body.checks).toEqual({ database: "up", migrations: "applied", workers: "running" });
      // The same process: it was never restarted.
      expect(app.pid).toBe(pid);
      expect(() => process.kill(pid, 0)).not.toThrow();
      // And it serves again from the database.
      const programmes = await fetch(`${app.origin}/api/v1/programmes?api_key=${sandbox.partners[0]!.apiKeys.staging}`);
      expect(programmes.status).toBe(200);
    },
  );
});

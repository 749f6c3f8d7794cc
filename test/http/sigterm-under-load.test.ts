import { randomBytes } from "node:crypto";
import http from "node:http";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { appTargets } from "@/bench/app-targets";
import { sandboxBenchMembers } from "@/bench/bench-members";
import type { RequestVariant } from "@/bench/autocannon-run";
import { unlessSkipped } from "../support/skip-condition";
import { startApp, type StartedApp } from "../support/start-app";
import { createPostgresDatabase } from "../support/test-database";

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const connections = 32;

interface Outcome {
  member: string;
  /** The complete answer's status, when one came. */
  status?: number;
  answeredAt?: number;
  /** How the request failed instead (refused, or reset), and when. */
  error?: string;
  failedAt?: number;
  /** Sent on a keep-alive connection the app had already accepted and answered on. */
  reusedConnection: boolean;
}

/** One debit over `agent`, as the bench sends it (bench/scenarios.ts), with an identifier of its own. */
function debit(agent: http.Agent, origin: string, variant: RequestVariant, member: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = variant.body!.replace("[<id>]", randomBytes(8).toString("hex").toUpperCase());
    const request = http.request(`${origin}${variant.path}`, {
      agent,
      method: variant.method,
      headers: { ...variant.headers, "Content-Length": Buffer.byteLength(body) },
    });
    const fail = (error: NodeJS.ErrnoException) =>
      resolve({
        member,
        error: error.code ?? error.message,
        failedAt: Date.now(),
        reusedConnection: request.reusedSocket,
      });
    request.setTimeout(30_000, () => request.destroy(Object.assign(new Error("no answer"), { code: "TIMEOUT" })));
    request.on("error", fail);
    request.on("response", (response) => {
      response.on("data", () => undefined);
      response.on("error", fail);
      response.on("end", () => {
        if (!response.complete) return fail(Object.assign(new Error("cut"), { code: "INCOMPLETE" }));
        resolve({
          member,
          status: response.statusCode,
          answeredAt: Date.now(),
          reusedConnection: request.reusedSocket,
        });
      });
    });
    request.end(body);
  });
}

describe("a deploy's SIGTERM under the bench's debit load", () => {
  let app: StartedApp | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await app?.stop();
    await dropDatabase?.();
  });

  it.runIf(postgres)(
    unlessSkipped(
      postgres,
      "TEST_DATABASE_URL (the ledger on PostgreSQL)",
      "answers every request the app accepted, loses and doubles no debit, and exits 0",
    ),
    async () => {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      app = await startApp({ DATABASE_URL: database.url });
      const [target] = await appTargets("SIGTERM", app, sandboxBenchMembers, (scenario) =>
        scenario.name.startsWith("debit"),
      );
      const variants = target!.variants;
      const memberOf = (variant: RequestVariant) => /accounts\/(\d+)\//.exec(variant.path)![1]!;
      const members = variants.map(memberOf);

      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const balances = async () =>
          new Map(
            (
              await client.query<{ membership_number: string; balance: string }>(
                `SELECT m.membership_number, a.balance FROM loyalty.accounts a
                   JOIN loyalty.members m ON m.id = a.member_id
                   JOIN loyalty.programmes p ON p.id = a.programme_id AND p.identifier = 'NORTHSTAR'
                  WHERE m.membership_number = ANY($1)`,
                [members],
              )
            ).rows.map((row) => [row.membership_number, Number(row.balance)]),
          );
        const before = await balances();

        // 32 keep-alive connections, each sending its next debit as soon as the last is answered, members in turn.
        const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
        const outcomes: Outcome[] = [];
        let next = 0;
        let signalledAt = Number.POSITIVE_INFINITY;
        const loops = Array.from({ length: connections }, async () => {
          for (;;) {
            const variant = variants[next++ % variants.length]!;
            const outcome = await debit(agent, app!.origin, variant, memberOf(variant));
            outcomes.push(outcome);
            if (outcome.error) return;
          }
        });
        // Load for a while, then the deploy's SIGTERM in the middle of it.
        while (outcomes.filter((outcome) => outcome.status).length < 300) {
          if (outcomes.some((outcome) => outcome.error)) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        signalledAt = Date.now();
        process.kill(app.pid, "SIGTERM");
        await Promise.all(loops);
        const exit = await app.exited;
        agent.destroy();

        expect(exit, app.output()).toEqual({ code: 0, signal: null });
        const answered = outcomes.filter((outcome) => outcome.status !== undefined);
        const failed = outcomes.filter((outcome) => outcome.error !== undefined);
        // Before the signal, nothing failed; the requests in flight when it came were answered.
        expect(failed.every((outcome) => outcome.failedAt! >= signalledAt)).toBe(true);
        expect(answered.filter((outcome) => outcome.answeredAt! > signalledAt).length).toBeGreaterThan(0);
        // No request on a connection the app had accepted was cut: every one failed on a new connection, refused
        // once the app stopped listening (or reset in the listening socket's queue, never accepted by the app).
        expect(failed).toHaveLength(connections);
        for (const outcome of failed) {
          expect(outcome.reusedConnection).toBe(false);
          expect(outcome.error).toMatch(/^(ECONNREFUSED|ECONNRESET)$/);
        }

        // The app answered every request it read: one request-log row per answer, written before it exited.
        const logged = await client.query<{ count: string }>(
          "SELECT count(*) FROM loyalty.request_log WHERE operation = 'debit-currency'",
        );
        expect(Number(logged.rows[0]!.count)).toBe(answered.length);
        // Nothing lost or doubled: the ledger moved by the debits answered 2xx, and by nothing else.
        const debited = answered.filter((outcome) => outcome.status! >= 200 && outcome.status! < 300);
        expect(debited.length).toBeGreaterThan(0);
        const journal = await client.query<{ count: string }>(
          "SELECT count(*) FROM loyalty.transactions WHERE kind = 'DEBIT' AND description = 'BENCH'",
        );
        expect(Number(journal.rows[0]!.count)).toBe(debited.length);
        const after = await balances();
        for (const member of new Set(members)) {
          const points = debited.filter((outcome) => outcome.member === member).length;
          expect(before.get(member)! - after.get(member)!, member).toBe(points);
        }
      } finally {
        await client.end();
      }
    },
    180_000,
  );
});

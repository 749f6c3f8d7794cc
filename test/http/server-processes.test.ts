import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { Scrape } from "../support/prometheus-text";
import { unlessSkipped } from "../support/skip-condition";
import { startApp, type StartedApp } from "../support/start-app";
import { createPostgresDatabase } from "../support/test-database";
import { waitUntil } from "../support/webhook-receiver";

/**
 * `npm start` with WEB_CONCURRENCY=2 on PostgreSQL (scripts/serve.mjs): two server processes on one port under a
 * supervising one, as a deploy runs them on a machine with two cores.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const stagingKey = sandbox.partners[0]!.apiKeys.staging;

function serverPids(supervisor: number): number[] {
  const children = readFileSync(`/proc/${supervisor}/task/${supervisor}/children`, "utf8");
  return children.split(" ").filter(Boolean).map(Number);
}

/** One request on a connection of its own, so the supervisor hands each to the next server in turn. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

async function partnerOperations(origin: string): Promise<number> {
  const answer = await fetch(`${origin}/metrics`);
  expect(answer.status).toBe(200);
  return new Scrape(await answer.text()).value("loyalty_platform_partner_operations_total");
}

describe("several server processes on one port", () => {
  let app: StartedApp | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await app?.stop();
    await dropDatabase?.();
  });

  it("refuses more than one on the embedded database, which belongs to one process", () => {
    const run = spawnSync(process.execPath, ["scripts/serve.mjs", "--port", "0"], {
      env: { ...process.env, DATABASE_URL: "", WEB_CONCURRENCY: "2" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("WEB_CONCURRENCY above 1 needs DATABASE_URL");
  });

  it.runIf(postgres)(
    unlessSkipped(
      postgres,
      "TEST_DATABASE_URL (server processes sharing PostgreSQL)",
      "share the requests, count them all in one scrape, replace a server that dies and stop together on SIGTERM",
    ),
    async () => {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      app = await startApp({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2" });
      const servers = serverPids(app.pid);
      expect(servers).toHaveLength(2);

      // Every request counted, whichever server answered it and whichever the scrape reaches.
      const requests = 30;
      const before = await partnerOperations(app.origin);
      const statuses = await Promise.all(
        Array.from({ length: requests }, () =>
          getOnNewConnection(`${app!.origin}/api/v1/programmes?api_key=${stagingKey}`),
        ),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      for (let scrape = 0; scrape < 4; scrape++) {
        expect(await partnerOperations(app.origin)).toBe(before + requests);
      }

      // A server killed outright is replaced, and the port keeps answering.
      process.kill(servers[0]!, "SIGKILL");
      await waitUntil(
        () => {
          const now = serverPids(app!.pid);
          return now.length === 2 && !now.includes(servers[0]!);
        },
        30_000,
        "a new server in the killed one's place",
      );
      const replacement = serverPids(app.pid).find((pid) => !servers.includes(pid))!;
      await waitUntil(
        () => app!.output().includes(`"workerPid":${replacement},"msg":"a server is listening"`),
        60_000,
        "the new server listening",
      );
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => getOnNewConnection(`${app!.origin}/api/v1/programmes?api_key=${stagingKey}`)),
      );
      expect(answers).toEqual([200, 200, 200, 200, 200, 200]);

      // SIGTERM to the supervisor stops every server gracefully, and it exits 0 once they have.
      const running = [servers[1]!, replacement];
      await app.stop();
      expect(await app.exited, app.output()).toEqual({ code: 0, signal: null });
      for (const pid of running) expect(existsSync(`/proc/${pid}`), `server ${pid} still running`).toBe(false);
    },
  );
});

import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { startApp, type RunningApp } from "../support/start-app";
import { createPostgresDatabase } from "../support/test-database";
import { unlessSkipped } from "@/test/support/skip-condition";
import { waitUntil } from "../support/webhook-receiver";

const partner = sandbox.partners[0]!;
// The live key: no instance has looked it up yet (startApp probes with the staging key).
const liveKey = partner.apiKeys.live!;
const dailyQuota = 8;

describe("request limits across app instances", () => {
  const running: RunningApp[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await Promise.all(running.map((app) => app.stop()));
    await dropDatabase?.();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    unlessSkipped(
      Boolean(process.env.TEST_DATABASE_URL),
      "TEST_DATABASE_URL (instances sharing PostgreSQL)",
      "share an api_key's daily quota when the requests are spread over two instances sharing PostgreSQL",
    ),
    async () => {
      const statuses: number[] = [];
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      const first = await startApp({ DATABASE_URL: database.url });
      running.push(first);
      const second = await startApp({ DATABASE_URL: database.url });
      running.push(second);

      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query("UPDATE loyalty.partners SET requests_per_day = $1 WHERE partner_identifier = $2", [
          dailyQuota,
          partner.partnerIdentifier,
        ]);
        // What the instances have written of the live key's daily count (refused requests are not counted).
        const writtenDailyCount = async () => {
          const { rows } = await client.query<{ requests: number | null }>(
            `SELECT sum(w.requests) AS requests FROM loyalty.rate_limit_windows w
               JOIN loyalty.api_keys k ON w.bucket = 'api-key:' || k.id || ':d'
              WHERE k.key_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
            [liveKey],
          );
          return Number(rows[0]?.requests ?? 0);
        };

        for (let request = 0; request < dailyQuota * 2; request += 1) {
          const app = request % 2 === 0 ? first : second;
          const answer = await fetch(`${app.origin}/api/v1/programmes?api_key=${liveKey}`);
          statuses.push(answer.status);
          // Each allowed request written before the next is sent, however busy the machine: then the other
          // instance, which reads the total at its own writes, is at most this one request behind.
          const allowedSoFar = statuses.filter((status) => status === 200).length;
          await waitUntil(async () => (await writtenDailyCount()) === allowedSoFar, 20_000, "the count written");
        }
      } finally {
        await client.end();
      }

      const allowed = statuses.filter((status) => status === 200).length;
      // Each instance learns the other's requests at its next write: at most one extra per other instance.
      expect(allowed).toBeGreaterThanOrEqual(dailyQuota);
      expect(allowed).toBeLessThanOrEqual(dailyQuota + 1);
      expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    },
  );
});

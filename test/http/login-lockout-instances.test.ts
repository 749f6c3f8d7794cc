import { afterAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { submitLogin } from "../support/login-form";
import { startApp, type RunningApp } from "../support/start-app";
import { createPostgresDatabase } from "../support/test-database";
import { unlessSkipped } from "@/test/support/skip-condition";

const partner = sandbox.partners[0]!;
const loginQuery = new URLSearchParams({
  client_id: partner.oauthClient!.clientId,
  response_type: "code",
  state: "lockout",
}).toString();
const lockedMessage = "too many unsuccessful attempts";

describe("the login lockout across app instances", () => {
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
      "holds when the failures are spread over two instances sharing PostgreSQL",
    ),
    async () => {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      // The first instance migrates and seeds; the second finds the database ready.
      const first = await startApp({ DATABASE_URL: database.url });
      running.push(first);
      const second = await startApp({ DATABASE_URL: database.url });
      running.push(second);

      const username = "demo.household";
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const app = attempt % 2 === 0 ? first : second;
        const answer = await submitLogin(`${app.origin}/oauth/auth/login?${loginQuery}`, username, "Wrong#Password1");
        expect(answer.status).toBe(200);
        expect(answer.location).toBeNull();
      }

      for (const app of [first, second]) {
        const answer = await submitLogin(`${app.origin}/oauth/auth/login?${loginQuery}`, username, sandbox.password);
        expect(answer.location, "a locked username must not log in").toBeNull();
        expect(answer.html).toContain(lockedMessage);
      }

      const other = await submitLogin(
        `${second.origin}/oauth/auth/login?${loginQuery}`,
        "demo.member1",
        sandbox.password,
      );
      expect(other.status).toBe(302);
      expect(other.location).toMatch(/[?&]code=[0-9a-f]{64}/);
    },
  );
});

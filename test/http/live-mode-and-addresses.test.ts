import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { liveModeSandboxNotice } from "@/lib/sandbox/sandbox-only-paths";
import { connectDatabase } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { basicAuthorization } from "@/lib/loyalty-client/token-client";
import { awaitWindowWithRoom } from "../support/rate-limit-window";
import { dataDirForServer } from "../support/server-database-template";
import { serverActionId } from "../support/server-action";
import { freePort, productionNodeFlags, startApp, type RunningApp } from "../support/start-app";

const partner = sandbox.partners[0]!;
const stagingKey = partner.apiKeys.staging;
const published = {
  LOYALTY_API_KEY: stagingKey,
  LOYALTY_CLIENT_SECRET: partner.oauthClient!.password,
  LOYALTY_PARTNER_SECRET: partner.furtherProgrammes!.partnerSecret,
};

/** Values nobody published: what an operator sets in a real deployment. */
function realValues(): Record<string, string> {
  const token = (bytes: number) => randomBytes(bytes).toString("hex");
  return {
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    LOYALTY_API_KEY: token(12).toUpperCase(),
    LOYALTY_CLIENT_SECRET: token(16),
    LOYALTY_PARTNER_SECRET: token(16),
    PAYMENTS_SECRET_KEY: `sk_live_${token(12)}`,
    PAYMENTS_PUBLISHABLE_KEY: `pk_live_${token(12)}`,
    PAYMENTS_BASE_URL: "https://api.processor.example",
  };
}

/** `next start` as npm start runs it, until it exits: its exit code, what it printed, and whether any request got an answer. */
async function startExpectingExit(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...productionNodeFlags, path.join("node_modules", "next", "dist", "bin", "next"), "start", "--port", String(port)],
    {
      cwd: process.cwd(),
      env: { ...process.env, NODE_ENV: "production", PGLITE_DATA_DIR: "memory://", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let answered = 0;
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + 60_000;
  while (!done && Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/openapi.json`, { signal: AbortSignal.timeout(2_000) });
      answered++;
    } catch {
      // refused, reset or no answer: what a refused start must look like
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!done) child.kill("SIGKILL");
  return { code: await exited, stderr, answered };
}

describe("live mode (APP_MODE=live)", () => {
  it("refuses to start with the published values, naming each one, before it answers any request", async () => {
    const refused = await startExpectingExit({ APP_MODE: "live", ...published });
    expect(refused.code).toBe(1);
    expect(refused.answered).toBe(0);
    const lines = refused.stderr.split("\n");
    for (const name of [
      "NEXTAUTH_SECRET",
      "LOYALTY_API_KEY",
      "LOYALTY_CLIENT_SECRET",
      "LOYALTY_PARTNER_SECRET",
      "PAYMENTS_SECRET_KEY",
      "PAYMENTS_PUBLISHABLE_KEY",
    ]) {
      expect(
        lines.filter((line) => line.trim().startsWith(`${name} `)),
        `${name} in:\n${refused.stderr}`,
      ).toHaveLength(1);
    }
    // No secret is printed back.
    expect(refused.stderr).not.toContain(published.LOYALTY_CLIENT_SECRET);
  });

  it("through npm start, refuses the published values before next start binds its port (the prestart check)", async () => {
    const port = await freePort();
    const child = spawn("npm", ["start", "--silent"], {
      cwd: process.cwd(),
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_MODE: "live", ...published },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    let bound = false;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      // A refused connection is what must happen: nothing listens on the port, ever.
      bound ||= await new Promise<boolean>((resolve) => {
        const socket = connect(port, "127.0.0.1");
        socket.once("connect", () => (socket.destroy(), resolve(true)));
        socket.once("error", () => resolve(false));
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await exited).not.toBe(0);
    expect(bound).toBe(false);
    expect(stderr).toMatch(/^ {2}NEXTAUTH_SECRET is not set/m);
    expect(stderr).toMatch(/^ {2}LOYALTY_API_KEY has a value published in this repository/m);
    expect(stderr).not.toContain(published.LOYALTY_CLIENT_SECRET);
  });

  it("refuses a test suite's session secret and a key from docs/payments-sandbox.md, even with every other value real", async () => {
    const refused = await startExpectingExit({
      APP_MODE: "live",
      ...realValues(),
      NEXTAUTH_SECRET: "checkout-test-secret-of-at-least-thirty-two-characters",
      PAYMENTS_SECRET_KEY: "sk_sandbox_Jq7Vw2Xe5RtY8uPa3SdF6gHk",
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^ {2}NEXTAUTH_SECRET has a value published in this repository/m);
    expect(refused.stderr).toMatch(/^ {2}PAYMENTS_SECRET_KEY has a value published in this repository/m);
    expect(refused.stderr).not.toMatch(/LOYALTY_CLIENT_SECRET/);
  });

  it("refuses to start without a card processor of its own (PAYMENTS_BASE_URL), naming it, before it answers any request", async () => {
    const { PAYMENTS_BASE_URL: _processor, ...withoutProcessor } = realValues();
    const refused = await startExpectingExit({ APP_MODE: "live", ...withoutProcessor });
    expect(refused.code).toBe(1);
    expect(refused.answered).toBe(0);
    expect(refused.stderr).toMatch(/^The app refuses to start: 1 problem with its configuration\.$/m);
    expect(refused.stderr).toMatch(
      /^ {2}PAYMENTS_BASE_URL is not set; live mode serves no payments sandbox to charge cards through: set the base URL of your card processor's API/m,
    );
    // This app's own payments sandbox is not a processor either: live mode does not serve it.
    const sandboxProcessor = await startExpectingExit({
      APP_MODE: "live",
      ...withoutProcessor,
      PAYMENTS_BASE_URL: "http://localhost:3000/payments-sandbox",
    });
    expect(sandboxProcessor.code).toBe(1);
    expect(sandboxProcessor.stderr).toMatch(/^ {2}PAYMENTS_BASE_URL points at a payments sandbox/m);
  });

  it("refuses, with real values, a database the sandbox seeded: its accounts' passwords and secrets are published", async () => {
    const dataDir = await dataDirForServer("seeded-sandbox-");
    try {
      const sandboxApp = await startApp({ PGLITE_DATA_DIR: dataDir });
      await sandboxApp.stop();
      const refused = await startExpectingExit({ APP_MODE: "live", PGLITE_DATA_DIR: dataDir, ...realValues() });
      expect(refused.code).toBe(1);
      expect(refused.answered).toBe(0);
      expect(refused.stderr).toMatch(/^ {2}The database holds the sandbox's partners \(DEMOPARTNER01/m);
      expect(refused.stderr).toMatch(/^ {2}The database holds \d+ of the sandbox's members/m);
      expect(refused.stderr).toMatch(
        /^ {2}The database holds the sandbox's staff accounts \(staff\.admin, staff\.agent\)/m,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  describe("with real values", () => {
    let app: RunningApp;
    const dataDir = mkdtempSync(path.join(tmpdir(), "live-mode-"));
    const values = realValues();

    beforeAll(async () => {
      app = await startApp(
        { APP_MODE: "live", PGLITE_DATA_DIR: dataDir, ...values },
        { ready: { path: "/api/openapi.json", status: 200 } },
      );
    });

    it("says at start-up that it serves no sandbox, naming the sandbox-only paths", () => {
      expect(app.output()).toContain(liveModeSandboxNotice);
    });

    it("answers 404 at every sandbox-only route, GET and POST, however the path is spelt", async () => {
      const routes = [
        "/payments-sandbox",
        "/payments-sandbox/v1/charges",
        "/payments-sandbox/v1/tokens",
        "/payments-sandbox/v1/authorisations",
        "/payments-sandbox/v1/nothing-here",
        "/developers",
        "/developers/login",
        "/developers/signup",
        "/developers/events",
        "/developers/requests",
        "/developers/receiver/DEMOPARTNER01",
        "/developers/%73ignup",
        "/%64evelopers/signup",
        "/payments-sandbox/v1/%63harges",
      ];
      for (const route of routes)
        for (const method of ["GET", "POST"]) {
          const answer = await fetch(`${app.origin}${route}`, {
            method,
            redirect: "manual",
            ...(method === "POST"
              ? { headers: { "Content-Type": "application/json", Authorization: "Bearer sk_x" }, body: "{}" }
              : {}),
          });
          expect(answer.status, `${method} ${route}`).toBe(404);
          expect(await answer.text(), `${method} ${route}`).not.toMatch(/sign up|sandbox of your own|card_declined/i);
        }
    });

    it("refuses the developer sign-up action by its id, posted to the sign-up page or through any other page", async () => {
      const actionId = serverActionId("server/loyalty/developers/actions/sign-in-actions.ts", "signUpAction");
      const form = new FormData();
      form.set("1_email", "live-signup@example.test");
      form.set("1_password", "correct horse battery");
      // As React encodes a form action's arguments (its previous state, then the form, whose fields carry the prefix 1_).
      form.set("0", JSON.stringify([{}, "$K1"]));
      for (const page of ["/developers/signup", "/", "/login"]) {
        const answer = await fetch(`${app.origin}${page}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Next-Action": actionId, Origin: app.origin, Accept: "text/x-component" },
          body: form,
        });
        if (page.startsWith("/developers")) expect(answer.status, page).toBe(404);
        const text = await answer.text();
        expect(text, page).not.toContain("SBX");
        expect(text, page).not.toContain("clientSecret");
      }
      // Posted through another page, Next.js forwards the action over HTTP to a console page that has it, which
      // the proxy answers 404 (and the console's action wrapper would refuse it). The database check below counts
      // no developer account either.
    });

    afterAll(async () => {
      await app?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("starts, accepts none of the sandbox's published keys and secrets, and does not say sandbox", async () => {
      const programmes = await fetch(`${app.origin}/api/v1/programmes?api_key=${stagingKey}`);
      expect(programmes.status).toBe(401);
      expect(programmes.headers.get("x-sandbox")).toBeNull();
      const grant = await fetch(`${app.origin}/oauth/api/grant`, {
        method: "POST",
        headers: {
          Authorization: basicAuthorization({
            clientId: partner.oauthClient!.clientId,
            secret: published.LOYALTY_CLIENT_SECRET,
          }),
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      });
      expect(grant.status).toBe(401);
      // The payments sandbox is not served at all, not even to refuse its published key.
      const lookup = await fetch(`${app.origin}/payments-sandbox/v1/charges?idempotency_key=checkout-x-charge`, {
        headers: { Authorization: "Bearer sk_sandbox_Jq7Vw2Xe5RtY8uPa3SdF6gHk" },
      });
      expect(lookup.status).toBe(404);
      for (const page of [
        "/login",
        `/oauth/auth/login?client_id=${partner.oauthClient!.clientId}&response_type=code`,
      ]) {
        const answer = await fetch(`${app.origin}${page}`);
        expect(answer.headers.get("x-sandbox"), page).toBeNull();
        expect(await answer.text(), page).not.toContain("Sandbox notice");
      }
      // No sandbox of one's own either: there is no developer sign-up page at all.
      const signUp = await fetch(`${app.origin}/developers/signup`);
      expect(signUp.status).toBe(404);
      expect(await signUp.text()).not.toContain("Create my sandbox");
    });

    it("seeds no sandbox partner, key, client, member, developer or staff account", async () => {
      await app.stop();
      const handle = await connectDatabase({ pgliteDataDir: dataDir });
      try {
        const count = async (table: string) =>
          rowsOf<{ n: number }>(await handle.db.execute(`select count(*)::int as n from ${table}`))[0]!.n;
        expect(await count("loyalty.partners")).toBe(0);
        expect(await count("loyalty.api_keys")).toBe(0);
        expect(await count("loyalty.oauth_clients")).toBe(0);
        expect(await count("loyalty.members")).toBe(0);
        expect(await count("loyalty.developer_accounts")).toBe(0);
        expect(await count("portal.staff_accounts")).toBe(0);
      } finally {
        await handle.close();
      }
    });
  });
});

// The longest window the token services allow (a UTC day): the tests below count their requests in one.
const dayWindowSeconds = 86_400;

describe("the sandbox says it is one", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ TOKEN_IP_RATE_WINDOW_SECONDS: String(dayWindowSeconds) });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const burstTimeoutMs = 240_000;
  it(
    "counts 400 grant requests with a rotating forged X-Forwarded-For by the socket: 429 after the limit, as without the header",
    async () => {
      // Each of the 300 refused secrets is hashed (argon2), which takes a while on a busy machine, and every request
      // must fall in one window: near midnight UTC, this waits for the next.
      await awaitWindowWithRoom(dayWindowSeconds, burstTimeoutMs);
      const invented = basicAuthorization({ clientId: "NOPE-99999", secret: "invented-secret" });
      const statuses: number[] = [];
      for (let index = 0; index < 400; index += 8) {
        const batch = Array.from({ length: 8 }, (_, offset) => {
          const n = index + offset;
          return fetch(`${app.origin}/oauth/api/grant`, {
            method: "POST",
            headers: {
              Authorization: invented,
              "Content-Type": "application/x-www-form-urlencoded",
              "X-Forwarded-For": `198.${(n >> 8) & 255}.${n & 255}.${(n * 7) & 255}`,
            },
            body: "grant_type=client_credentials",
          }).then((answer) => answer.status);
        });
        statuses.push(...(await Promise.all(batch)));
      }
      // The default limit, 300 per address (this app's first grant requests): the forged header changed nothing.
      expect(statuses.filter((status) => status === 401)).toHaveLength(300);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100);
      // They were counted for the connection itself: without any header it is refused too.
      const plain = await fetch(`${app.origin}/oauth/api/grant`, {
        method: "POST",
        headers: { Authorization: invented, "Content-Type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      });
      expect(plain.status).toBe(429);
    },
    2 * burstTimeoutMs,
  );

  it("marks every API answer with X-Sandbox and shows a banner on every page", async () => {
    const answers = [
      await fetch(`${app.origin}/api/v1/programmes?api_key=${stagingKey}`),
      await fetch(`${app.origin}/api/v1/programmes`),
      await fetch(`${app.origin}/api/openapi.json`),
      await fetch(`${app.origin}/oauth/api/grant`, { method: "POST" }),
      await fetch(`${app.origin}/partner-oauth/secure/key`, { method: "POST" }),
      await fetch(`${app.origin}/payments-sandbox/v1/charges`, { method: "POST" }),
      await fetch(`${app.origin}/api/auth/csrf`),
    ];
    for (const answer of answers) expect(answer.headers.get("x-sandbox"), answer.url).toBe("true");
    const servicePages = [
      `/oauth/auth/login?client_id=${partner.oauthClient!.clientId}&response_type=code`,
      "/oauth/auth/login?client_id=NOPE-99999&response_type=code",
    ];
    for (const page of servicePages) {
      const answer = await fetch(`${app.origin}${page}`);
      expect(answer.headers.get("x-sandbox"), page).toBe("true");
      expect(await answer.text(), page).toContain('<aside class="sandbox" aria-label="Sandbox notice">');
    }
    for (const page of ["/", "/login", "/register", "/staff/login", "/docs/guides/quickstart"]) {
      const answer = await fetch(`${app.origin}${page}`);
      expect(answer.status, page).toBe(200);
      expect(answer.headers.get("x-sandbox"), page).toBe("true");
      expect(await answer.text(), page).toMatch(/<aside aria-label="Sandbox notice"[^>]*>/);
    }
  });

  it("refuses a 2 MiB body to each of next-auth's routes with 413, declared or streamed (and to the webhook receiver)", async () => {
    const body = `csrfToken=x&callbackUrl=%2F&padding=${"x".repeat(2 * 1024 * 1024)}`;
    for (const route of ["/api/auth/signin/loyalty", "/api/auth/callback/loyalty", "/api/auth/signout"]) {
      const answer = await fetch(`${app.origin}${route}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(answer.status, route).toBe(413);
    }
    const chunks = new TextEncoder().encode("x".repeat(64 * 1024));
    // Sent at a pace, as a slow upload comes, in chunks each past the 8 KiB cap: the server answers 413 and closes
    // once it has counted past it. Bytes still arriving when it closes would make the closing a reset, which can
    // take the 413 from the client before it reads it (a race of the transport, not the server's answer).
    const pacedChunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= 2 * 1024 * 1024) return controller.close();
        if (sent > 0) await delay(50);
        sent += pacedChunk.length;
        controller.enqueue(pacedChunk);
      },
    });
    const streamed = await fetch(`${app.origin}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // The developer console's built-in webhook receiver keeps 64 KiB: a chunked body declaring no length is counted too.
    const receiverBody = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let n = 0; n < 32; n++) controller.enqueue(chunks);
        controller.close();
      },
    });
    const receiver = await fetch(`${app.origin}/developers/receiver/DEMOPARTNER01`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: receiverBody,
      duplex: "half",
    } as RequestInit);
    expect(receiver.status).toBe(413);
    // A form of the usual size still reaches next-auth.
    const csrf = await fetch(`${app.origin}/api/auth/csrf`);
    expect(csrf.status).toBe(200);
  });
});

describe("behind a trusted proxy (TRUSTED_PROXIES)", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({
      TRUSTED_PROXIES: "127.0.0.1, ::1",
      TOKEN_IP_RATE_LIMIT: "3",
      TOKEN_IP_RATE_WINDOW_SECONDS: String(dayWindowSeconds),
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const grantFrom = (address: string) =>
    fetch(`${app.origin}/oauth/api/grant`, {
      method: "POST",
      headers: {
        Authorization: basicAuthorization({ clientId: "NOPE-99999", secret: "invented-secret" }),
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": `1.1.1.1, ${address}`,
      },
      body: "grant_type=client_credentials",
    }).then((answer) => answer.status);

  it("counts the address the proxy forwarded (the last entry), each apart", async () => {
    // The four requests from one address in one window: near midnight UTC, this waits for the next.
    await awaitWindowWithRoom(dayWindowSeconds, 60_000);
    const one: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) one.push(await grantFrom("203.0.113.77"));
    expect(one).toEqual([401, 401, 401, 429]);
    const others: number[] = [];
    for (let n = 1; n <= 10; n++) others.push(await grantFrom(`203.0.113.${100 + n}`));
    expect(others.every((status) => status === 401)).toBe(true);
  }, 120_000);
});

import { rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventTypes } from "@/lib/contract/webhook-events";
import { resetEnvironmentCache } from "@/server/config/env";
import { connectDatabase } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { developerAccounts } from "@/server/loyalty/developers/developer-tables";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import { privateTargetRefusal } from "@/server/loyalty/events/delivery-address-policy";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { consoleForm } from "../support/console-form";
import { dataDirForServer } from "../support/server-database-template";
import { freePort, startApp, type RunningApp } from "../support/start-app";
import { waitUntil } from "../support/webhook-receiver";

/**
 * The SSRF finding against a running instance, with private targets off
 * (the default): an endpoint at a private address is refused when a
 * developer saves it, in any spelling, and a row that got into the database
 * anyway (saved before the policy) is refused again when the worker
 * delivers: nothing reaches the address, and the log says why.
 */
const refusedAtDelivery = "Not sent: the address is on a private, loopback or reserved network";
const secretAnswer = "an internal service's answer";

let app: RunningApp;
let dataDir = "";
let cookie = "";
let receiverUrl = "";
let listener: http.Server;
const reached = { connections: 0, bytes: 0, requests: 0 };

/** URLs that reach the local listener (or the app itself, or cloud metadata) in other spellings. */
const privateUrls = (port: number, appPort: number) => [
  `http://[::ffff:127.0.0.1]:${port}/hooks`,
  `http://[::ffff:7f00:1]:${port}/hooks`,
  `http://2130706433:${port}/hooks`,
  `http://0177.0.0.1:${port}/hooks`,
  `http://0x7f.1:${port}/hooks`,
  `http://127.1:${port}/hooks`,
  `http://LOCALHOST.:${port}/hooks`,
  `http://hooks.localhost:${port}/hooks`,
  `http://[::ffff:a9fe:a9fe]/latest/meta-data/`,
  `http://[64:ff9b::a9fe:a9fe]/latest/meta-data/`,
  `http://localhost:${appPort}/developers/receiver/../../payments-sandbox/v1/charges`,
  `http://localhost:${appPort}/developers/receiver/%2e%2e/%2e%2e/payments-sandbox/v1/charges`,
];
// Saved before the policy: one row per kind of spelling, within the 10 endpoints a sandbox may have.
const savedBeforeIndexes = [0, 2, 4, 6, 8, 10];
let listenerPort = 0;
let appPort = 0;

beforeAll(async () => {
  listener = http.createServer((_request, response) => {
    reached.requests += 1;
    response.end(secretAnswer);
  });
  listener.on("connection", (socket) => {
    reached.connections += 1;
    socket.on("data", (chunk: Buffer) => (reached.bytes += chunk.length));
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  listenerPort = (listener.address() as AddressInfo).port;
  appPort = await freePort();
  receiverUrl = `http://localhost:${appPort}/developers/receiver/`;

  // A developer's sandbox, and endpoints written straight into the database as if saved before the policy.
  dataDir = await dataDirForServer("webhook-egress-");
  const handle = await connectDatabase({ pgliteDataDir: dataDir });
  try {
    const email = `egress-${Date.now()}@example.test`;
    // The sign-up's one password hash may wait for a loaded machine (a full CI run beside it) longer than the
    // console's 2 s before answering busy: this file is not about that queue.
    process.env.PASSWORD_HASH_CONSOLE_MAX_WAIT_MS = "60000";
    resetEnvironmentCache();
    const signedUp = await signUpDeveloper(handle.db, {
      email,
      password: "a long sandbox password",
      address: "192.0.2.61",
      now: new Date(),
    }).finally(() => {
      delete process.env.PASSWORD_HASH_CONSOLE_MAX_WAIT_MS;
      resetEnvironmentCache();
    });
    if (signedUp.outcome !== "signed-up") throw new Error(signedUp.message);
    cookie = `developer_session=${signedUp.sessionId}`;
    const [account] = await handle.db
      .select({ partnerId: developerAccounts.partnerId })
      .from(developerAccounts)
      .where(eq(developerAccounts.email, email));
    const partnerId = account!.partnerId;
    const partner = rowsOf<{ partner_identifier: string }>(
      await handle.db.execute(`SELECT partner_identifier FROM loyalty.partners WHERE id = ${partnerId}`),
    )[0]!;
    receiverUrl += partner.partner_identifier;
    // The built-in receiver, which must still get its events: the worker ran, and refused only the others.
    for (const url of [receiverUrl, ...savedBeforeIndexes.map((index) => privateUrls(listenerPort, appPort)[index]!)]) {
      const created = await createEndpoint(handle.db, partnerId, { url, eventTypes: [...eventTypes] });
      if ("refused" in created) throw new Error(`${url}: ${created.refused}`);
    }
  } finally {
    await handle.close();
  }

  app = await startApp(
    { PGLITE_DATA_DIR: dataDir, WEBHOOK_WORKER_INTERVAL_MS: "100", WEBHOOK_PRIVATE_TARGETS: "off" },
    { port: appPort },
  );
});

afterAll(async () => {
  await app?.stop();
  listener?.closeAllConnections();
  await new Promise((resolve) => listener?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("webhook endpoints at private addresses, against a running instance", () => {
  it("refuses to save one in any spelling, in the developer's words, and keeps none of them", async () => {
    const addEndpoint = await consoleForm(app.origin, "/developers/events", cookie, "Add this endpoint");
    for (const url of privateUrls(listenerPort, appPort)) {
      expect(await addEndpoint({ url, eventTypes: [...eventTypes] }), url).toContain(privateTargetRefusal);
    }
    const events = await (await fetch(`${app.origin}/developers/events`, { headers: { cookie } })).text();
    const listed = [...events.matchAll(/data-endpoint-url="([^"]*)"/g)].map((match) => match[1]);
    // Only the rows written before the policy: nothing new was saved.
    expect(listed).toHaveLength(1 + savedBeforeIndexes.length);
  });

  it("refuses again when delivering a row saved before: the address receives nothing, the log says why", async () => {
    const sendTestEvent = await consoleForm(app.origin, "/developers/events", cookie, "Send the test event");
    expect(await sendTestEvent({ type: "points.credited" })).toContain("A test points.credited event is on its way");
    let page = "";
    await waitUntil(
      async () => {
        page = await (await fetch(`${app.origin}/developers/events`, { headers: { cookie } })).text();
        return (
          page.includes('data-delivery-state="delivered"') &&
          page.split(refusedAtDelivery).length - 1 >= savedBeforeIndexes.length
        );
      },
      30_000,
      "the worker's attempts",
    );
    expect(page).not.toContain(secretAnswer);
    // Not one connection: each spelling was refused before anything was dialled.
    expect(reached).toEqual({ connections: 0, bytes: 0, requests: 0 });

    // Each private row's attempts, read from the database once the app has stopped: none answered, all refused.
    await app.stop();
    const handle = await connectDatabase({ pgliteDataDir: dataDir });
    try {
      const attempts = rowsOf<{ url: string; status_code: number | null; response_excerpt: string }>(
        await handle.db.execute(`
          SELECT e.url, a.status_code, a.response_excerpt
          FROM loyalty.webhook_attempts a
          JOIN loyalty.webhook_deliveries d ON d.id = a.delivery_id
          JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id`),
      );
      for (const index of savedBeforeIndexes) {
        const url = privateUrls(listenerPort, appPort)[index]!;
        const mine = attempts.filter((attempt) => attempt.url === url);
        expect(mine.length, url).toBeGreaterThan(0);
        for (const attempt of mine) {
          expect(attempt.status_code, url).toBeNull();
          expect(attempt.response_excerpt, url).toMatch(new RegExp(`^${refusedAtDelivery}`));
        }
      }
      expect(attempts.filter((attempt) => attempt.url === receiverUrl).map((attempt) => attempt.status_code)).toEqual([
        204,
      ]);
    } finally {
      await handle.close();
    }
  });
});

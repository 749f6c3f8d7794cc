import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { eventTypes } from "@/lib/contract/webhook-events";
import { connectDatabase, type DatabaseHandle } from "@/server/db/connect";
import { prepareDatabase } from "@/server/db/database";
import { partners, webhookDeliveries, webhookEvents } from "@/server/db/schema";
import { creditAccount } from "@/server/loyalty/ledger/credit-account";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { createPostgresDatabase, testDatabaseKind } from "../support/test-database";
import { startWebhookReceiver, waitUntil } from "../support/webhook-receiver";
import sandbox from "@/sandbox.json";

/**
 * SIGKILL of a worker process in the middle of deliveries loses no event:
 * the changes commit with their events, a child process running the
 * delivery worker (scripts/webhook-worker.ts) is killed while partners'
 * answers are pending, and once a new one runs every event arrives.
 * PGlite (a file-backed database, opened by one process at a time) and
 * PostgreSQL (shared by this process and the child).
 */
const changes = 12;
const leaseMs = 3_500;
const member = sandbox.members.find((entry) => entry.username === "demo.member1")!;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function openDatabase(): Promise<{ open: () => Promise<DatabaseHandle>; env: Record<string, string> }> {
  if (testDatabaseKind() === "postgres") {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    return {
      open: () => connectDatabase({ databaseUrl: database.url, poolSize: 4 }),
      env: { DATABASE_URL: database.url },
    };
  }
  const directory = await mkdtemp(path.join(tmpdir(), "webhook-crash-"));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  return { open: () => connectDatabase({ pgliteDataDir: directory }), env: { PGLITE_DATA_DIR: directory } };
}

function startWorker(databaseEnv: Record<string, string>): ChildProcess {
  const child = spawn(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/webhook-worker.ts"],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        ...databaseEnv,
        WEBHOOK_PRIVATE_TARGETS: "on",
        WEBHOOK_WORKER_INTERVAL_MS: "50",
        WEBHOOK_WORKER_BATCH: "3",
        WEBHOOK_TIMEOUT_MS: "2000",
        WEBHOOK_WORKER_LEASE_MS: String(leaseMs),
        WEBHOOK_RETRY_SCHEDULE: "1,1,1",
        WEBHOOK_RETRY_JITTER: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

describe("a worker killed with SIGKILL mid-delivery", () => {
  it("loses no event: after a restart every committed change's event is delivered", async () => {
    const database = await openDatabase();
    // Answers come after 400 ms: the worker is always waiting for some when it is killed.
    const receiver = await startWebhookReceiver({ delayMs: 400 });
    cleanups.push(receiver.close);

    let handle = await database.open();
    await prepareDatabase(handle);
    const [demo] = await handle.db.select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    const endpoint = await createEndpoint(handle.db, demo!.id, { url: receiver.url, eventTypes: [...eventTypes] });
    if ("refused" in endpoint) throw new Error(`endpoint refused: ${endpoint.refused}`);
    for (let i = 0; i < changes; i += 1) {
      const outcome = await creditAccount(handle.db, {
        partnerId: demo!.id,
        programmeIdentifier: "NORTHSTAR",
        membershipNumber: member.membershipNumber,
        familyName: member.familyName,
        amount: 10n,
        externalTransactionIdentifier: `CRASH${i}${Date.now()}`,
        externalTransactionDate: new Date(),
        externalSource: "DEMOSHOP",
      });
      expect(outcome.outcome).toBe("credited");
    }
    const events = await handle.db.select({ id: webhookEvents.id }).from(webhookEvents);
    const eventIds = events.map((event) => event.id).sort();
    expect(eventIds).toHaveLength(changes);
    // PGlite's files are one process's at a time.
    if (testDatabaseKind() === "pglite") await handle.close();

    const first = startWorker(database.env);
    await waitUntil(() => receiver.received.length >= 4, 60_000, "the first deliveries");
    // Mid-delivery: the worker is waiting for the answer to a post when it is killed.
    expect(receiver.waiting()).toBeGreaterThan(0);
    first.kill("SIGKILL");
    const killedAt = Date.now();
    await exited(first);
    const atKill = new Set(receiver.received.map((webhook) => webhook.id));
    expect(atKill.size).toBeLessThan(changes);

    const second = startWorker(database.env);
    await waitUntil(
      () => eventIds.every((id) => receiver.received.some((webhook) => webhook.id === id)),
      60_000,
      "every event after the restart",
    );
    // Posts the killed worker made but never recorded are made again once their lease ends (at-least-once).
    await waitUntil(
      () => Date.now() > killedAt + leaseMs + 1_000 && Date.now() - (receiver.received.at(-1)?.at ?? 0) > 1_500,
      60_000,
      "the killed worker's leases to end and their posts to be made again",
    );
    for (const webhook of receiver.received) receiver.verify(endpoint.secret, webhook);
    second.kill("SIGTERM");
    await exited(second);

    if (testDatabaseKind() === "pglite") handle = await database.open();
    const deliveries = await handle.db.select().from(webhookDeliveries);
    expect(deliveries).toHaveLength(changes);
    expect(deliveries.every((delivery) => delivery.state === "delivered")).toBe(true);
    await handle.close();
  }, 180_000);
});

import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { eventTypes } from "@/lib/contract/webhook-events";
import { connectDatabase, type DatabaseHandle } from "@/server/db/connect";
import { prepareDatabase } from "@/server/loyalty/db/loyalty-database";
import { webhookDeliveries, webhookEvents } from "@/server/loyalty/events/event-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
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
  // tsx as a loader of this very process (`node --import tsx`), not its CLI: the CLI runs the script in a child
  // of its own, which a SIGKILL of the CLI leaves running, so the worker would never be killed at all.
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/webhook-worker.ts"], {
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
  });
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

/** Whether a process with this id still runs (signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The ids of the processes of this machine that run the worker script on the given database. */
function workerProcesses(databaseEnv: Record<string, string>): number[] {
  const marker = Object.values(databaseEnv)[0]!;
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const environment = readFileSync(`/proc/${entry}/environ`, "utf8");
      if (command.includes("scripts/webhook-worker.ts") && environment.includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

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
        developerSandbox: false,
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
    // The process killed is the one posting: the only process of this machine running the worker on this database.
    expect(workerProcesses(database.env)).toEqual([first.pid]);
    first.kill("SIGKILL");
    const killedAt = Date.now();
    await exited(first);
    expect(first.signalCode).toBe("SIGKILL");
    expect(isRunning(first.pid!)).toBe(false);
    expect(workerProcesses(database.env)).toEqual([]);
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
    expect(workerProcesses(database.env)).toEqual([]);

    if (testDatabaseKind() === "pglite") handle = await database.open();
    const deliveries = await handle.db.select().from(webhookDeliveries);
    expect(deliveries).toHaveLength(changes);
    expect(deliveries.every((delivery) => delivery.state === "delivered")).toBe(true);
    await handle.close();
  }, 180_000);
});

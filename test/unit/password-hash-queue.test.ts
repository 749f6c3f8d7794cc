import { availableParallelism } from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import {
  createHashQueue,
  PasswordHashBusy,
  passwordHashBusyIn,
  type HashLane,
  type HashQueueLimits,
} from "@/server/security/hash-queue";
import { hashSecret, maxConcurrentHashes, passwordHashActivity, verifySecret } from "@/server/security/password-hash";

/** A job whose end the test decides, recording when it started. */
function controlledJob(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish,
  };
}

const limits = (overrides: Partial<HashQueueLimits> = {}): HashQueueLimits => ({
  slots: 1,
  consoleSlots: 1,
  waiting: { service: 2, console: 1, internal: Number.POSITIVE_INFINITY },
  maxWaitMs: 1_000,
  ...overrides,
});

/** Lets the queue's promise chains settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("the password-hash queue sheds what it cannot do in time", () => {
  it("refuses a job at once when its lane's waiting list is full, and runs every admitted one", async () => {
    const queue = createHashQueue(() => limits());
    const log: string[] = [];
    const jobs = ["a", "b", "c"].map((name) => controlledJob(log, name));
    const admitted = jobs.map((job) => queue.run("service", job.work));
    const startedAt = performance.now();
    const refused = await queue.run("service", async () => "d").catch((error: unknown) => error);
    expect(performance.now() - startedAt).toBeLessThan(50);
    expect(refused).toBeInstanceOf(PasswordHashBusy);
    expect(refused).toMatchObject({ reason: "queue-full", retryAfterSeconds: 1 });
    expect(queue.activity()).toEqual({ running: 1, waiting: 2, refused: 1 });
    for (const job of jobs) {
      job.finish();
      await settle();
    }
    expect(await Promise.all(admitted)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a", "b", "c"]);
    expect(queue.activity()).toEqual({ running: 0, waiting: 0, refused: 1 });
  });

  it("refuses a job that waited longer than the maximum, and lets the running one finish", async () => {
    vi.useFakeTimers();
    const queue = createHashQueue(() => limits({ maxWaitMs: 250 }));
    const log: string[] = [];
    const running = controlledJob(log, "running");
    const first = queue.run("service", running.work);
    const waiting = queue.run("service", async () => "late").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(249);
    expect(queue.activity().waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toMatchObject({ name: "PasswordHashBusy", reason: "waited-too-long" });
    expect(queue.activity()).toEqual({ running: 1, waiting: 0, refused: 1 });
    running.finish();
    expect(await first).toBe("running");
    expect(queue.activity().running).toBe(0);
  });

  it("gives a freed slot to a member's job before the consoles' jobs that waited longer", async () => {
    const jobs: Array<{ lane: HashLane; name: string }> = [
      { lane: "console", name: "console-1" },
      { lane: "console", name: "console-2" },
      { lane: "internal", name: "internal-1" },
      { lane: "service", name: "member-1" },
    ];
    // One slot, so the order they start in is the order the queue chose.
    const order: string[] = [];
    const queue = createHashQueue(() => limits({ waiting: { service: 5, console: 5, internal: 5 } }));
    const blocker = controlledJob(order, "console-running");
    const runs = [queue.run("console", blocker.work)];
    for (const job of jobs) runs.push(queue.run(job.lane, async () => (order.push(job.name), job.name)));
    await settle();
    blocker.finish();
    await Promise.all(runs);
    expect(order).toEqual(["console-running", "member-1", "internal-1", "console-1", "console-2"]);
  });

  it("lets the consoles hold only their share of the slots, so a member's job starts at once beside them", async () => {
    const queue = createHashQueue(() =>
      limits({ slots: 2, consoleSlots: 1, waiting: { service: 1, console: 3, internal: 1 } }),
    );
    const log: string[] = [];
    const consoles = ["console-1", "console-2"].map((name) => controlledJob(log, name));
    const consoleRuns = consoles.map((job) => queue.run("console", job.work));
    await settle();
    expect(log).toEqual(["console-1"]);
    const member = controlledJob(log, "member");
    const memberRun = queue.run("service", member.work);
    await settle();
    expect(log).toEqual(["console-1", "member"]);
    expect(queue.activity()).toMatchObject({ running: 2, waiting: 1 });
    member.finish();
    await memberRun;
    await settle();
    // The member's slot does not go to the second console job: the consoles still hold their one.
    expect(log).toEqual(["console-1", "member"]);
    for (const job of consoles) {
      job.finish();
      await settle();
    }
    await Promise.all(consoleRuns);
    expect(log).toEqual(["console-1", "member", "console-2"]);
  });

  it("never refuses the internal lane (seeding), however long it waits", async () => {
    vi.useFakeTimers();
    const queue = createHashQueue(() => limits({ maxWaitMs: 10 }));
    const log: string[] = [];
    const blocker = controlledJob(log, "blocker");
    const runs = [queue.run("service", blocker.work)];
    for (let index = 0; index < 50; index += 1) runs.push(queue.run("internal", async () => `seed-${index}`));
    await vi.advanceTimersByTimeAsync(10_000);
    blocker.finish();
    const results = await Promise.all(runs);
    expect(results).toHaveLength(51);
    expect(queue.activity().refused).toBe(0);
  });

  it("finds a refusal wrapped by a driver or the ORM", () => {
    const busy = new PasswordHashBusy("queue-full", 2);
    expect(passwordHashBusyIn(new Error("outer", { cause: busy }))).toBe(busy);
    expect(passwordHashBusyIn(new Error("other"))).toBeUndefined();
  });
});

describe("the process's queue takes its bounds from the environment", () => {
  afterEach(() => {
    delete process.env.PASSWORD_HASH_QUEUE_PER_CORE;
    delete process.env.PASSWORD_HASH_CONSOLE_QUEUE_PER_CORE;
    resetEnvironmentCache();
  });

  it("refuses the verifications beyond its waiting list at once, and keeps the ones it admitted", async () => {
    const stored = await hashSecret("Secret#2026", "internal");
    process.env.PASSWORD_HASH_QUEUE_PER_CORE = "1";
    process.env.PASSWORD_HASH_CONSOLE_QUEUE_PER_CORE = "1";
    resetEnvironmentCache();
    const waitingRoom = availableParallelism();
    const before = passwordHashActivity();
    const burst = maxConcurrentHashes + waitingRoom + 5;
    const outcomes = await Promise.allSettled(Array.from({ length: burst }, () => verifySecret(stored, "Secret#2026")));
    const accepted = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(accepted).toHaveLength(maxConcurrentHashes + waitingRoom);
    expect(accepted.every((outcome) => outcome.value === true)).toBe(true);
    expect(refused).toHaveLength(5);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(PasswordHashBusy);
    expect(passwordHashActivity().refused - before.refused).toBe(5);
    expect(passwordHashActivity().verifications - before.verifications).toBe(maxConcurrentHashes + waitingRoom);
  });
});

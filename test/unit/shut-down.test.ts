import { describe, expect, it } from "vitest";
import { shutDown, type ShutdownSteps } from "@/server/shutdown/shut-down";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Steps that note when each began and ended; `slow` makes one take that long (or fail). */
function recordedSteps(slow: Partial<Record<keyof ShutdownSteps, number | Error>> = {}) {
  const events: string[] = [];
  const step = (name: keyof ShutdownSteps, answer: unknown) => async () => {
    events.push(`${name} began`);
    const how = slow[name];
    if (how instanceof Error) throw how;
    await sleep(how ?? 10);
    events.push(`${name} ended`);
    return answer;
  };
  const steps: ShutdownSteps = {
    drainHttp: step("drainHttp", true) as ShutdownSteps["drainHttp"],
    stopWorkers: step("stopWorkers", undefined) as ShutdownSteps["stopWorkers"],
    lastWrites: step("lastWrites", undefined) as ShutdownSteps["lastWrites"],
    closeDatabases: step("closeDatabases", undefined) as ShutdownSteps["closeDatabases"],
  };
  return { steps, events };
}

describe("the graceful shutdown's order", () => {
  it("drains the servers while the workers stop, then makes the last writes, then closes the databases", async () => {
    const { steps, events } = recordedSteps({ drainHttp: 40, stopWorkers: 20 });
    const report = await shutDown(steps, { graceMs: 1_000 });
    expect(report).toMatchObject({ clean: true, cutOff: [] });
    expect(events.slice(0, 2).sort()).toEqual(["drainHttp began", "stopWorkers began"]);
    expect(events.slice(2)).toEqual([
      "stopWorkers ended",
      "drainHttp ended",
      "lastWrites began",
      "lastWrites ended",
      "closeDatabases began",
      "closeDatabases ended",
    ]);
  });

  it("cuts a worker that outlasts the grace off, and still writes and closes, reporting the cut", async () => {
    const { steps, events } = recordedSteps({ stopWorkers: 5_000 });
    const problems: string[] = [];
    const started = Date.now();
    const report = await shutDown(steps, { graceMs: 100, closeMs: 100, onProblem: (step) => problems.push(step) });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(report).toMatchObject({ clean: false, cutOff: ["stopWorkers"] });
    expect(problems).toEqual(["stopWorkers"]);
    expect(events).toContain("closeDatabases ended");
    expect(events).not.toContain("stopWorkers ended");
  });

  it("reports a drain that had to cut requests off, and a step that failed, and goes on to the next", async () => {
    const { steps, events } = recordedSteps({ lastWrites: new Error("the database is gone") });
    const report = await shutDown({ ...steps, drainHttp: async () => false }, { graceMs: 100 });
    expect(report).toMatchObject({ clean: false, cutOff: ["drainHttp", "lastWrites"] });
    expect(events).toContain("closeDatabases ended");
  });
});

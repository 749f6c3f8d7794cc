import { describe, expect, it } from "vitest";
import type { TestModule } from "vitest/node";
import { fileDurations, median } from "../support/durations-reporter";

/** The parts of a finished test module the reporter reads. */
function finishedModule(options: {
  durationMs: number;
  tests: Array<{ start: number; duration: number; state?: "passed" | "skipped" }>;
  databaseSetupMs?: number;
}): TestModule {
  const tests = options.tests.map((test) => ({
    result: () => ({ state: test.state ?? "passed" }),
    diagnostic: () => ({ startTime: test.start, duration: test.duration }),
  }));
  return {
    relativeModuleId: "test/db/example.test.ts",
    diagnostic: () => ({
      environmentSetupDuration: 10,
      prepareDuration: 20,
      setupDuration: 30,
      collectDuration: 40,
      duration: options.durationMs,
    }),
    children: { allTests: () => tests.values() },
    meta: () => (options.databaseSetupMs === undefined ? {} : { databaseSetupMs: options.databaseSetupMs }),
  } as unknown as TestModule;
}

describe("durations of one test file", () => {
  it("counts as set-up what the module took beyond its tests, and tests side by side once", () => {
    const figures = fileDurations(
      finishedModule({
        durationMs: 1_000,
        tests: [
          { start: 500, duration: 200 },
          { start: 600, duration: 200 },
          { start: 900, duration: 100 },
          { start: 950, duration: 5, state: "skipped" },
        ],
      }),
    );
    expect(figures).toEqual({
      file: "test/db/example.test.ts",
      tests: 3,
      importMs: 100,
      setupMs: 600,
      testsMs: 400,
      totalMs: 1_100,
    });
  });

  it("keeps the database's share of the set-up when the file recorded one", () => {
    const figures = fileDurations(
      finishedModule({ durationMs: 800, tests: [{ start: 0, duration: 300 }], databaseSetupMs: 312.4 }),
    );
    expect(figures.setupMs).toBe(500);
    expect(figures.databaseSetupMs).toBe(312);
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two, in any order", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});

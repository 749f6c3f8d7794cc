import { describe, expect, it, vi } from "vitest";
import type { TestModule } from "vitest/node";
import { fileDurations, median, printFailures, recordedFailures } from "../support/durations-reporter";

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

describe("failures named again at the end of the run", () => {
  const moduleWith = (options: {
    moduleErrors?: Array<{ message: string }>;
    tests: Array<{ name: string; state: "passed" | "failed" | "skipped"; error?: string }>;
  }) =>
    ({
      project: { name: "postgres" },
      relativeModuleId: "test/db/example.test.ts",
      errors: () => options.moduleErrors ?? [],
      children: {
        allTests: () =>
          options.tests
            .map((test) => ({
              fullName: test.name,
              result: () => ({
                state: test.state,
                errors: test.error === undefined ? undefined : [{ message: test.error }],
              }),
            }))
            .values(),
      },
    }) as unknown as TestModule;

  it("records each failed test with its first lines, the file's own errors and the run's, and no passing test", () => {
    const longMessage = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`).join("\n");
    const failures = recordedFailures(
      [
        moduleWith({
          moduleErrors: [{ message: "beforeAll timed out" }],
          tests: [
            { name: "a debit > answers 201", state: "passed" },
            { name: "a debit > refuses a replay", state: "failed", error: longMessage },
            { name: "a debit > later", state: "skipped" },
          ],
        }),
      ],
      [{ message: "Unhandled rejection: socket hang up" }],
    );
    expect(failures).toEqual([
      {
        project: "postgres",
        file: "test/db/example.test.ts",
        test: "(the file's set-up)",
        message: "beforeAll timed out",
      },
      {
        project: "postgres",
        file: "test/db/example.test.ts",
        test: "a debit > refuses a replay",
        message: "line 1\nline 2\nline 3\nline 4\nline 5\nline 6",
      },
      { project: "-", file: "(run)", test: "(an unhandled error)", message: "Unhandled rejection: socket hang up" },
    ]);
  });

  it("prints each failure on its own lines, and nothing when there is none", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      printFailures([]);
      expect(log).not.toHaveBeenCalled();
      printFailures([{ project: "http", file: "test/http/x.test.ts", test: "t > u", message: "expected 1\nto be 2" }]);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]?.[0]).toContain(
        "Failed (1):\n  ✗ [http] test/http/x.test.ts > t > u\n      expected 1\n      to be 2",
      );
    } finally {
      log.mockRestore();
    }
  });
});

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** One test file's time, in milliseconds. */
export interface FileDurations {
  file: string;
  tests: number;
  /** Loading the environment and the harness, importing the file and its setup files. */
  importMs: number;
  /** Hooks outside the tests (beforeAll/afterAll: the file's database, server or browser) — the file's own set-up. */
  setupMs: number;
  /** Of the set-up, making the file's own database (test-database.ts), in the database projects. */
  databaseSetupMs?: number;
  /** The tests themselves, with their beforeEach/afterEach hooks (the wall-clock time when they run side by side). */
  testsMs: number;
  totalMs: number;
}

export interface ProjectDurations {
  files: number;
  tests: number;
  importMs: number;
  setupMs: number;
  testsMs: number;
  totalMs: number;
  /** The middle file's set-up (the mean of the middle two). */
  medianSetupMs: number;
  /** The middle file's database set-up, among the files that made one. */
  medianDatabaseSetupMs?: number;
  /** Slowest first. */
  perFile: FileDurations[];
}

export const durationsFile = path.resolve("test-results", "durations.json");

/**
 * Set by `npm test` (scripts/run-tests.ts) when it runs the e2e project beside
 * the others in a second Vitest: each run writes its part under this name, and
 * the launcher merges the parts into durations.json and prints the slowest.
 */
const partName = process.env.DURATIONS_PART;

/** Where a run of one part writes its figures. */
export function partFile(part: string): string {
  return path.resolve("test-results", `durations-${part}.json`);
}

/** A test, a file's hooks or the run itself that failed: what `npm test` repeats at the very end of its output. */
export interface RecordedFailure {
  project: string;
  /** The test file, or "(run)" for an error outside every file. */
  file: string;
  /** The test's full name, or "(the file's set-up)" for an error outside its tests. */
  test: string;
  /** The error's message, its first lines. */
  message: string;
}

export interface DurationsReport {
  writtenAt: string;
  unit: "ms";
  projects: Record<string, ProjectDurations>;
  failures?: RecordedFailure[];
}

/** Writes the report and prints the five slowest files of it. */
export function writeDurations(
  file: string,
  projects: Record<string, ProjectDurations>,
  print: boolean,
  failures: RecordedFailure[] = [],
): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const report: DurationsReport = {
    writtenAt: new Date().toISOString(),
    unit: "ms",
    projects,
    ...(failures.length > 0 ? { failures } : {}),
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  if (!print) return;
  const all = Object.entries(projects).flatMap(([project, figures]) =>
    figures.perFile.map((figure) => ({ project, ...figure })),
  );
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const slowest = all.sort((a, b) => b.totalMs - a.totalMs).slice(0, 5);
  const lines = slowest.map(
    (figure) =>
      `  ${seconds(figure.totalMs)}  (set-up ${seconds(figure.setupMs).trim()}, tests ${seconds(figure.testsMs).trim()})  ${figure.project.padEnd(10)} ${figure.file}`,
  );
  const medians = Object.entries(projects).map(
    ([project, figures]) =>
      `${project} ${seconds(figures.medianSetupMs).trim()}` +
      (figures.medianDatabaseSetupMs === undefined
        ? ""
        : ` (its database ${seconds(figures.medianDatabaseSetupMs).trim()})`),
  );
  console.log(
    `\nSlowest test files (all files: ${path.relative(process.cwd(), durationsFile)}):\n${lines.join("\n")}\n` +
      `Median set-up per file: ${medians.join(", ")}\n`,
  );
}

/** The middle value (the mean of the middle two), or undefined when there is none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const round = (ms: number) => Math.round(ms);

/** The first lines of an error, enough to tell one failure from another in a CI log's tail. */
function firstLines(error: { message?: string; name?: string } | undefined): string {
  const text = error?.message ?? error?.name ?? "unknown error";
  return text.split("\n").slice(0, 6).join("\n").slice(0, 800);
}

/** Every failed test and every error outside a test, in the order Vitest reports them. */
export function recordedFailures(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<{ message?: string; name?: string }>,
): RecordedFailure[] {
  const failures: RecordedFailure[] = [];
  for (const testModule of testModules) {
    const project = testModule.project.name || "default";
    const file = testModule.relativeModuleId;
    for (const error of testModule.errors()) {
      failures.push({ project, file, test: "(the file's set-up)", message: firstLines(error) });
    }
    for (const test of testModule.children.allTests()) {
      const result = test.result();
      if (result.state !== "failed") continue;
      failures.push({ project, file, test: test.fullName, message: firstLines(result.errors?.[0]) });
    }
  }
  for (const error of unhandledErrors) {
    failures.push({ project: "-", file: "(run)", test: "(an unhandled error)", message: firstLines(error) });
  }
  return failures;
}

/** Printed last by `npm test`, so the tail of a long log names what failed. */
export function printFailures(failures: readonly RecordedFailure[]): void {
  if (failures.length === 0) return;
  const blocks = failures.map(
    (failure) =>
      `  ✗ [${failure.project}] ${failure.file} > ${failure.test}\n${failure.message
        .split("\n")
        .map((line) => `      ${line}`)
        .join("\n")}`,
  );
  console.log(`\nFailed (${failures.length}):\n${blocks.join("\n")}\n`);
}

export function fileDurations(testModule: TestModule): FileDurations {
  const diagnostic = testModule.diagnostic();
  let tests = 0;
  const spans: Array<{ start: number; end: number }> = [];
  for (const test of testModule.children.allTests()) {
    const result = test.result();
    if (result.state === "pending" || result.state === "skipped") continue;
    tests += 1;
    const timing = test.diagnostic();
    if (timing) spans.push({ start: timing.startTime, end: timing.startTime + timing.duration });
  }
  const testsMs = wallClock(spans);
  const importMs =
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.setupDuration +
    diagnostic.collectDuration;
  // The module's duration counts every test and every hook; what the tests do not account for is the file's own set-up.
  const setupMs = Math.max(0, diagnostic.duration - testsMs);
  const { databaseSetupMs } = testModule.meta();
  return {
    file: testModule.relativeModuleId,
    tests,
    importMs: round(importMs),
    setupMs: round(setupMs),
    ...(databaseSetupMs === undefined ? {} : { databaseSetupMs: round(databaseSetupMs) }),
    testsMs: round(testsMs),
    totalMs: round(importMs + setupMs + testsMs),
  };
}

/**
 * The time covered by at least one of the spans: for tests run one after another their summed durations, for tests
 * run side by side (describe.concurrent) the time they took together, so set-up is what remains either way.
 */
function wallClock(spans: Array<{ start: number; end: number }>): number {
  let total = 0;
  let coveredUntil = -Infinity;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(span.start, coveredUntil);
    if (span.end > start) total += span.end - start;
    coveredUntil = Math.max(coveredUntil, span.end);
  }
  return total;
}

/**
 * Where the time goes, on every run: writes test-results/durations.json
 * (per project and per file: import, set-up and tests) and prints the five
 * slowest files. Files are summed, so a project's total is the work its files
 * did, not its wall-clock time (files run side by side).
 */
export default class DurationsReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string; name?: string }> = [],
  ): void {
    const failures = recordedFailures(testModules, unhandledErrors);
    const projects: Record<string, ProjectDurations> = {};
    for (const testModule of testModules) {
      const name = testModule.project.name || "default";
      const file = fileDurations(testModule);
      const project = (projects[name] ??= {
        files: 0,
        tests: 0,
        importMs: 0,
        setupMs: 0,
        testsMs: 0,
        totalMs: 0,
        medianSetupMs: 0,
        perFile: [],
      });
      project.files += 1;
      project.tests += file.tests;
      project.importMs += file.importMs;
      project.setupMs += file.setupMs;
      project.testsMs += file.testsMs;
      project.totalMs += file.totalMs;
      project.perFile.push(file);
    }
    for (const project of Object.values(projects)) {
      project.perFile.sort((a, b) => b.totalMs - a.totalMs);
      project.medianSetupMs = round(median(project.perFile.map((file) => file.setupMs)) ?? 0);
      const databaseSetup = median(project.perFile.flatMap((file) => file.databaseSetupMs ?? []));
      if (databaseSetup !== undefined) project.medianDatabaseSetupMs = round(databaseSetup);
    }
    if (Object.keys(projects).length === 0 && failures.length === 0) return;
    if (partName) writeDurations(partFile(partName), projects, false, failures);
    else writeDurations(durationsFile, projects, true, failures);
  }
}

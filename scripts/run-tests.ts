import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  durationsFile,
  partFile,
  printFailures,
  writeDurations,
  type DurationsReport,
  type ProjectDurations,
  type RecordedFailure,
} from "@/test/support/durations-reporter";
import ensureBuild from "./ensure-build";

/**
 * `npm test`. With arguments (a file, a project, a filter) it is `vitest run`
 * with them. Without, the whole suite as two Vitest runs side by side: the
 * e2e project, whose files take port 3000 one at a time, and every other
 * project. In one run Vitest puts a project that runs its files one at a
 * time into a phase of its own after all the others, so the browser tests
 * ran alone at the end with a core to spare; beside the others they wait on
 * Chromium and the server while the database files use the CPU.
 *
 * The e2e run's output is kept in test-results/e2e.log and printed once the
 * other run has finished; the durations of both are merged into
 * test-results/durations.json, and every failure of either run is named
 * again at the very end (a CI log is read from its tail). Fails when either
 * run fails.
 */
const vitest = path.join("node_modules", "vitest", "vitest.mjs");
const args = process.argv.slice(2);

function run(vitestArgs: string[], options: { env?: Record<string, string>; logFile?: string } = {}) {
  const log = options.logFile ? openSync(options.logFile, "w") : undefined;
  const child = spawn(process.execPath, [vitest, "run", ...vitestArgs], {
    stdio: log === undefined ? "inherit" : ["ignore", log, log],
    env: { ...process.env, ...options.env },
  });
  return {
    child,
    done: new Promise<number>((resolve) => {
      child.once("exit", (code, signal) => {
        if (log !== undefined) closeSync(log);
        resolve(code ?? (signal ? 1 : 0));
      });
    }),
  };
}

function mergedReports(parts: string[]): { projects: Record<string, ProjectDurations>; failures: RecordedFailure[] } {
  const projects: Record<string, ProjectDurations> = {};
  const failures: RecordedFailure[] = [];
  for (const part of parts) {
    const file = partFile(part);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8")) as DurationsReport;
    Object.assign(projects, report.projects);
    failures.push(...(report.failures ?? []));
    rmSync(file);
  }
  return { projects, failures };
}

async function wholeSuite(): Promise<number> {
  // Once, before two runs would each look (their global setups find it fresh).
  ensureBuild();
  const logFile = path.resolve("test-results", "e2e.log");
  mkdirSync(path.dirname(logFile), { recursive: true });
  const parts = ["e2e", "others"];
  for (const part of parts) rmSync(partFile(part), { force: true });
  const endToEnd = run(["--project", "e2e"], { env: { DURATIONS_PART: "e2e" }, logFile });
  const others = run(["--project", "!e2e"], { env: { DURATIONS_PART: "others" } });
  const stop = () => {
    for (const { child } of [endToEnd, others]) child.kill("SIGINT");
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  const othersCode = await others.done;
  if (endToEnd.child.exitCode === null) console.log("\nThe other projects are done; waiting for the e2e run...");
  const endToEndCode = await endToEnd.done;
  console.log(`\n::: e2e (its own Vitest run, beside the others: ${path.relative(process.cwd(), logFile)})\n`);
  console.log(readFileSync(logFile, "utf8"));

  const { projects, failures } = mergedReports(parts);
  if (Object.keys(projects).length > 0) writeDurations(durationsFile, projects, true, failures);
  // The other run's own account of a failure scrolled past above the e2e log: name it again, last.
  printFailures(failures);
  if ((othersCode !== 0 || endToEndCode !== 0) && failures.length === 0) {
    console.log(
      `\nA run failed without a failed test (exit codes: others ${othersCode}, e2e ${endToEndCode}): see its output above.`,
    );
  }
  return Math.max(othersCode, endToEndCode);
}

async function main(): Promise<void> {
  if (args.length > 0) {
    process.exitCode = await run(args).done;
    return;
  }
  process.exitCode = await wholeSuite();
}

void main();

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { appTargets, type Target } from "./app-targets";
import { minimalLabel, setUpReferences, startBaseline, startMinimalNext } from "./reference-servers";
import ensureBuild from "@/scripts/ensure-build";
import ensureChromium from "@/scripts/ensure-chromium";
import { productionNodeFlags, startApp } from "@/test/support/start-app";
import { createPostgresDatabase } from "@/test/support/test-database";
import type { LoadResult } from "./autocannon-run";
import { measureRounds, pairedShare, type Measured } from "./measure-rounds";
import { benchMembersFor, prepareBenchDatabase, sandboxBenchMembers } from "./bench-members";
import { selectBenchDatabaseServer } from "./database-server";
import { measurePageWeights, pageWeightSection } from "./page-weight";
import { runWithCleanup, type Cleanup } from "./run-with-cleanup";
import { memberPagesHeading, memberPagesSection, memoryHeading, memorySection } from "./member-bench";

/**
 * `npm run bench`: the real debit (and the other scenarios) through the whole
 * HTTP stack of `next start`, on PostgreSQL and on the embedded database,
 * beside a same-run baseline: the same SQL transaction behind a bare
 * node:http + pg server. Writes docs/performance.md. Whatever ends the run
 * (done, failed, Ctrl-C), the servers and databases it started are stopped
 * (bench/run-with-cleanup.ts).
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Measured runs per scenario: the report gives the median, so one noisy run on a shared machine does not decide. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Load before the first measured run, at full concurrency: the figures are of a warm server (JIT, caches, pools). */
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
selectBenchDatabaseServer();
const unlimitedLabel = "PostgreSQL, RATE_LIMITS=off";
const unloggedLabel = "PostgreSQL, REQUEST_LOG=off";
/** Every connection a member of its own (bench/bench-members.ts). */
const members = benchMembersFor(Number(process.env.BENCH_MEMBERS ?? connections));
const hotSpotLabel = `PostgreSQL, ${sandboxBenchMembers.length} members (hot spot)`;
const hotSpotMinimalLabel = `${minimalLabel} · ${hotSpotLabel}`;
const memberSettings = { connections, seconds, rounds, warmUpSeconds, members };

const roundsSettings = { connections, seconds, rounds, warmUpSeconds };
const measure = (targets: Target[], pairedWithReference: boolean) =>
  measureRounds(targets, pairedWithReference, roundsSettings);

/**
 * One scenario's line. `toMinimal`: its throughput over the minimal Next.js
 * route's, paired by round when both ran in the same rounds (PostgreSQL),
 * else the ratio of the medians (PGlite runs in rounds of its own).
 */
function row(measured: Measured, baseline: LoadResult, minimal: Measured): string {
  const { median, slowest, fastest } = measured;
  const ratio = median.requestsPerSecond / baseline.requestsPerSecond;
  const paired = measured.rounds.length === minimal.rounds.length && measured.pairedWithReference;
  const toMinimal = paired
    ? `${pairedShare(measured, minimal).median.toFixed(2)}×`
    : `${(median.requestsPerSecond / minimal.median.requestsPerSecond).toFixed(2)}× (medians)`;
  const statuses = Object.entries(median.statuses)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  const spread = `${slowest.requestsPerSecond.toFixed(0)}–${fastest.requestsPerSecond.toFixed(0)}`;
  const steal = median.machine ? `${(median.machine.steal * 100).toFixed(1)} %` : "—";
  return `| ${median.label} | ${median.requestsPerSecond.toFixed(0)} | ${spread} | ${ratio.toFixed(2)}× | ${toMinimal} | ${median.p50} | ${median.p99} | ${steal} | ${statuses}${median.errors ? `, errors: ${median.errors}` : ""} |`;
}

/**
 * How much of the machine the host took while we measured: the hypervisor's
 * steal over every measured run. Other machines on the same host are the
 * load no process here shows, and the reason two runs of the same code differ.
 */
function hostLine(measured: Measured[], loadAtStart: number): string {
  const before = `Load average (1 min) when the bench began, before it started anything: ${loadAtStart.toFixed(2)} on ${cpus().length} cores.`;
  const steals = measured
    .flatMap(({ rounds }) => rounds)
    .map((run) => run.machine?.steal)
    .filter((steal): steal is number => steal !== undefined)
    .sort((a, b) => a - b);
  if (steals.length === 0)
    return `${before} The host's share (steal) could not be read on this machine (no /proc/stat).`;
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  return `${before} The host took ${percent(steals[Math.floor(steals.length / 2)]!)} of this machine's CPU time in the median measured run (${percent(steals[0]!)}–${percent(steals[steals.length - 1]!)} over all ${steals.length}): the hypervisor's steal in /proc/stat, time our processes were ready to run while it ran other machines. Steal: the median run's.`;
}

/** This run against the partner API's speed targets, one line each. */
function issue26Lines(appResults: Measured[], minimal: Measured): string[] {
  const find = (prefix: string, suffix: string) =>
    appResults.find(({ median }) => median.label.startsWith(prefix) && median.label.endsWith(suffix));
  const lines: string[] = [];
  for (const [prefix, target] of [
    ["debit", 0.85],
    ["retrieve programmes", 0.95],
    ["product pricing", 0.95],
  ] as const) {
    const measured = find(prefix, "· PostgreSQL");
    if (!measured) continue;
    const share = pairedShare(measured, minimal);
    const met = share.median >= target && measured.median.p99 < 100;
    lines.push(
      `- ${measured.median.label}: ${share.median.toFixed(2)}× the minimal route (rounds ${share.byRound.map((ratio) => ratio.toFixed(2)).join(", ")}), p99 ${measured.median.p99} ms: ${met ? "met" : "NOT met"}.`,
    );
  }
  const pgDebit = find("debit", "· PostgreSQL");
  const pgliteDebit = find("debit", "· PGlite (file)");
  if (pgDebit && pgliteDebit) {
    const ratio = pgliteDebit.median.requestsPerSecond / pgDebit.median.requestsPerSecond;
    lines.push(
      `- debit on PGlite ÷ debit on PostgreSQL (medians): ${ratio.toFixed(2)}×: ${ratio >= 0.7 ? "met" : "NOT met"}.`,
    );
  }
  return lines;
}

/**
 * With the load on the sandbox's members only (hot spot), the debit against
 * the minimal route on the same members. Reported beside the speed
 * targets, never in place of them.
 */
function hotSpotLines(appResults: Measured[], minimalOnHotSpot: Measured | undefined): string[] {
  const debit = appResults.find(
    ({ median }) => median.label.startsWith("debit") && median.label.endsWith(hotSpotLabel),
  );
  if (!debit || !minimalOnHotSpot) return [];
  const share = pairedShare(debit, minimalOnHotSpot);
  return [
    "",
    `Beside the targets, not in place of them: with the load on ${sandboxBenchMembers.length} members only (hot spot), the debit over the minimal route on the same members, paired by round: ${share.median.toFixed(2)}× (rounds ${share.byRound.map((ratio) => ratio.toFixed(2)).join(", ")}), p99 ${debit.median.p99} ms (the minimal route's: ${minimalOnHotSpot.median.p99} ms).`,
  ];
}

/**
 * The debit on PostgreSQL against another reference than the targets', paired
 * by round, with what sets that reference apart. Reported beside the speed
 * targets, never in place of them.
 */
function besideTheTargets(appResults: Measured[], reference: Measured, apart: string): string[] {
  const debit = appResults.find(
    ({ median }) => median.label.startsWith("debit") && median.label.endsWith("· PostgreSQL"),
  );
  if (!debit) return [];
  const share = pairedShare(debit, reference);
  return [
    "",
    `Beside the targets, not in place of them: the debit over ${reference.median.label}, paired by round: ${share.median.toFixed(2)}× (rounds ${share.byRound.map((ratio) => ratio.toFixed(2)).join(", ")}). ${apart}`,
  ];
}

/** The same minimal handler under the debit's own path: Next.js's price for dynamic segments on both sides. */
const debitPathApart = "The issue's reference has a static path (`/debit`), which the spec does not allow the debit.";

/**
 * The minimal route running the statement the references ran until
 * 2026-11-28: what the debit's whole statement costs beside the framework.
 */
const journalOnlyApart =
  "That statement moves the balance and writes the journal row only, for an account given by id: the debit's own statement also finds the account by membership number and programme, checks the member's token is not revoked and writes the partner event (docs/decisions.md, \"Bench reference statement\").";

const performanceDoc = "docs/performance.md";
const stagesHeading = "## Where the debit's time goes";
/** Sections written by hand from profiles, which a run keeps in place. */
const profileHeadings = [stagesHeading, "## Where a member page's time goes"];
const pagesHeading = "## Member pages in Chromium";

/** The report as Prettier lays it out, so `prettier --check` passes after a run. */
function formatDoc(): void {
  spawnSync(
    process.execPath,
    [path.join("node_modules", "prettier", "bin", "prettier.cjs"), "--write", performanceDoc],
    {
      stdio: "ignore",
    },
  );
}

/**
 * Chromium for the member pages, installed as the end-to-end tests install
 * it (scripts/ensure-chromium.ts); when it cannot be had, the reason, and the
 * run goes on without its page part.
 */
function chromiumMissing(): string | undefined {
  try {
    ensureChromium();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** What the run prints, and the report says in place of the member pages' figures, when it skips them. */
const pagesSkipped = (reason: string) =>
  `The member pages were not measured in this run: Chromium could not be had (${reason}). The figures below are from an earlier run.`;

/** The member pages' section of the last report, under a line saying why this run did not measure them. */
function earlierPagesSection(why: string): string[] {
  const doc = existsSync(performanceDoc) ? readFileSync(performanceDoc, "utf8") : "";
  const start = doc.indexOf(pagesHeading);
  if (start < 0) return [pagesHeading, "", why, ""];
  const end = doc.indexOf("\n## ", start + pagesHeading.length);
  const earlier = doc
    .slice(start + pagesHeading.length, end < 0 ? undefined : end)
    .trim()
    .split("\n")
    // A note an earlier skipped run left is replaced by this one's.
    .filter((line) => !line.startsWith("The member pages were not measured in this run"));
  return [pagesHeading, "", why, "", ...earlier.join("\n").trim().split("\n"), ""];
}

/** Replaces the section under `heading` in performance.md (or adds it at the end), keeping everything else. */
function replaceSection(heading: string, section: string[]): void {
  const doc = existsSync(performanceDoc) ? readFileSync(performanceDoc, "utf8") : "# Performance\n";
  const start = doc.indexOf(heading);
  if (start < 0) {
    // A section new to the report goes before the member pages in Chromium, where the whole bench writes it.
    const at = heading === pagesHeading ? -1 : doc.indexOf(pagesHeading);
    const before = at < 0 ? `${doc.trimEnd()}\n\n` : doc.slice(0, at);
    const after = at < 0 ? "" : doc.slice(at);
    writeFileSync(performanceDoc, `${before}${section.join("\n")}${after ? `\n${after}` : ""}`);
  } else {
    const end = doc.indexOf("\n## ", start + heading.length);
    const after = end < 0 ? "" : doc.slice(end + 1);
    writeFileSync(performanceDoc, `${doc.slice(0, start)}${section.join("\n")}${after ? `\n${after}` : ""}`);
  }
  formatDoc();
  console.log(section.join("\n"));
}

/** The member pages' section only (`BENCH_ONLY=pages`): a minute, not the half hour of the load scenarios. */
async function pagesOnly(): Promise<void> {
  const missing = chromiumMissing();
  if (missing)
    throw new Error(`BENCH_ONLY=pages measures the member pages in Chromium, which could not be had: ${missing}`);
  ensureBuild();
  replaceSection(pagesHeading, pageWeightSection(await measurePageWeights()));
}

/** A section of the last report as it stands (kept by a run that does not measure it), or nothing. */
function earlierSection(heading: string): string[] {
  const previous = existsSync(performanceDoc) ? readFileSync(performanceDoc, "utf8") : "";
  const start = previous.indexOf(heading);
  if (start < 0) return [];
  const end = previous.indexOf("\n## ", start + heading.length);
  return [previous.slice(start, end < 0 ? undefined : end).trimEnd(), ""];
}

async function main(cleanup: Cleanup): Promise<void> {
  if (process.env.BENCH_ONLY === "pages") return pagesOnly();
  if (process.env.BENCH_ONLY === "members" || process.env.BENCH_ONLY === "memory") {
    const missing = chromiumMissing();
    if (missing && process.env.BENCH_ONLY === "members")
      throw new Error(`BENCH_ONLY=members signs members in in Chromium, which could not be had: ${missing}`);
    ensureBuild();
    return process.env.BENCH_ONLY === "members"
      ? replaceSection(memberPagesHeading, await memberPagesSection(cleanup, memberSettings))
      : replaceSection(memoryHeading, await memorySection(cleanup, memberSettings));
  }
  const loadAtStart = loadavg()[0]!;
  // Known before the half hour of load, not after it.
  const chromiumAbsent = chromiumMissing();
  if (chromiumAbsent) console.log(`${pagesSkipped(chromiumAbsent)} The load scenarios run as usual.`);
  ensureBuild();

  // PostgreSQL: the baseline and the app side by side, measured in turns.
  // Each thing started is stopped at the end whatever happens (cleanup), and here as soon as its part is done.
  const database = await createPostgresDatabase();
  cleanup.defer(() => database.drop());
  await prepareBenchDatabase({ databaseUrl: database.url }, members);
  const pgApp = await startApp({ DATABASE_URL: database.url, LOG_LEVEL: "info" });
  cleanup.defer(() => pgApp.stop());
  // The same app with the request rate limits and body caps switched off, for the same-run comparison.
  const pgAppUnlimited = await startApp({ DATABASE_URL: database.url, LOG_LEVEL: "info", RATE_LIMITS: "off" });
  cleanup.defer(() => pgAppUnlimited.stop());
  // And with the partner request log off (the limits on), for the log's same-run comparison.
  const pgAppUnlogged = await startApp({ DATABASE_URL: database.url, LOG_LEVEL: "info", REQUEST_LOG: "off" });
  cleanup.defer(() => pgAppUnlogged.stop());
  // The references run the debit's own statement for the same members, each with a live token of its own.
  const references = await setUpReferences(database.url, members);
  const hotSpotReferences = await setUpReferences(database.url, sandboxBenchMembers);
  const baselineServer = await startBaseline(references, database.url);
  cleanup.defer(() => baselineServer.stop());
  const minimalNext = await startMinimalNext(references, database.url);
  cleanup.defer(() => minimalNext.stop());
  let postgresResults: Measured[];
  try {
    const debitOnly = (scenario: { name: string }) => scenario.name.startsWith("debit");
    const [limitedDebit, ...otherTargets] = await appTargets("PostgreSQL", pgApp, members);
    const unlimitedDebit = await appTargets(unlimitedLabel, pgAppUnlimited, members, debitOnly);
    const unloggedDebit = await appTargets(unloggedLabel, pgAppUnlogged, members, debitOnly);
    const hotSpotDebit = await appTargets(hotSpotLabel, pgApp, sandboxBenchMembers, debitOnly);
    // The debits side by side in every round, so drift of the shared machine touches them alike.
    postgresResults = await measure(
      [
        baselineServer.target,
        minimalNext.target,
        minimalNext.onDebitPath,
        minimalNext.journalOnly,
        limitedDebit!,
        ...unlimitedDebit,
        ...unloggedDebit,
        ...otherTargets,
        minimalNext.targetWith(hotSpotMinimalLabel, hotSpotReferences),
        ...hotSpotDebit,
      ],
      true,
    );
  } finally {
    baselineServer.stop();
    await minimalNext.stop();
    await pgApp.stop();
    await pgAppUnlimited.stop();
    await pgAppUnlogged.stop();
    await database.drop();
  }
  const [baselineResult, minimalResult, minimalOnDebitPathResult, minimalJournalOnlyResult, ...appResults] =
    postgresResults;
  const baseline = baselineResult!.median;
  const minimal = minimalResult!.median;

  const dataDir = mkdtempSync(path.join(tmpdir(), "loyalty-bench-"));
  cleanup.defer(() => rmSync(dataDir, { recursive: true, force: true }));
  await prepareBenchDatabase({ pgliteDataDir: dataDir }, members);
  const pgliteApp = await startApp({ PGLITE_DATA_DIR: dataDir, LOG_LEVEL: "info" });
  cleanup.defer(() => pgliteApp.stop());
  try {
    appResults.push(...(await measure(await appTargets("PGlite (file)", pgliteApp, members), false)));
  } finally {
    await pgliteApp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  // The member pages under load, the checkout and the sign-ins (Chromium), then the memory under member load.
  const memberLines = chromiumAbsent
    ? earlierSection(memberPagesHeading)
    : await memberPagesSection(cleanup, memberSettings);
  const memoryLines = await memorySection(cleanup, memberSettings);

  const debitOf = (suffix: string) =>
    appResults.find(({ median }) => median.label.startsWith("debit") && median.label.endsWith(suffix));
  const debitMeasured = debitOf("· PostgreSQL");
  const unlimitedMeasured = debitOf(unlimitedLabel);
  const unloggedMeasured = debitOf(unloggedLabel);
  const debit = debitMeasured?.median;
  const unlimitedDebit = unlimitedMeasured?.median;
  const unloggedDebit = unloggedMeasured?.median;
  const limitsShare = debitMeasured && unlimitedMeasured ? pairedShare(debitMeasured, unlimitedMeasured) : undefined;
  const logShare = debitMeasured && unloggedMeasured ? pairedShare(debitMeasured, unloggedMeasured) : undefined;
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  const debitRatio = debit ? debit.requestsPerSecond / baseline.requestsPerSecond : 0;
  const lines = [
    "# Performance",
    "",
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}.`,
    `autocannon in its own process, ${connections} connections. Each scenario is warmed up for ${warmUpSeconds} s at full load, then measured ${rounds} times for ${seconds} s, in turns with the others; the table gives the median run and the range of all runs.`,
    `The app is \`next start\` as \`npm start\` runs it (Node flags: ${productionNodeFlags.join(" ") || "none"}), with request logging on (LOG_LEVEL=info).`,
    "Latencies in milliseconds. Ratio: median throughput over the baseline's median, measured in the same rounds. × minimal Next.js: throughput over the minimal Next.js route's, paired by round (the median of the rounds' ratios) for the PostgreSQL group; PGlite runs in rounds of its own, so its scenarios give the ratio of the medians.",
    "The baseline runs the debit's own SQL statement behind a bare node:http + pg server: the text a P5 debit of one point sends (server/loyalty/ledger/post-journal-entry.ts: the account found by membership number and programme, the member's token checked not revoked, the balance updated conditionally, the journal row and the partner event written), taken from the ledger's code when the bench starts (bench/debit-statement.ts), for the same members, each with a live token of its own.",
    `Every scenario's load spreads over ${members.length} members, one per connection, as that many customers paying at once would: the sandbox's ${sandboxBenchMembers.length} members who can log in and ${members.length - sandboxBenchMembers.length} more the bench adds to its own database (bench/bench-members.ts). Requests take the members in turn, so the requests in flight are for different members. The hot-spot rows put the same load on the sandbox's ${sandboxBenchMembers.length} members alone, ${Math.round(connections / sandboxBenchMembers.length)} connections queuing on each account's row lock, as every run before 2026-11-27 did.`,
    "The minimal Next.js route (bench/minimal-next) runs the same statement at `/debit`, the reference the speed targets set; the same handler also answers under the debit's own path (`/api/[version]/programmes/[programmeIdentifier]/accounts/[accountIdentifier]/debit-transaction-requests`), to show what Next.js's dynamic segments cost on their own, and at `/debit-journal-only` it runs the statement the references ran until 2026-11-28 (balance and journal row only).",
    "",
    hostLine([...postgresResults, ...appResults.filter((result) => !result.pairedWithReference)], loadAtStart),
    "",
    "| Scenario | Requests/s (median) | Range | Ratio | × minimal Next.js | p50 | p99 | Steal | Responses (median run) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    row(baselineResult!, baseline, minimalResult!),
    row(minimalResult!, baseline, minimalResult!),
    row(minimalOnDebitPathResult!, baseline, minimalResult!),
    row(minimalJournalOnlyResult!, baseline, minimalResult!),
    ...appResults.map((result) => row(result, baseline, minimalResult!)),
    "",
    "Target (the first speed budget): the real debit route at least 0.2× the baseline's throughput, with p99 under 100 ms at 32 connections.",
    debit
      ? `This run: ${debitRatio.toFixed(2)}× the baseline, p99 ${debit.p99} ms: ${debitRatio >= 0.2 && debit.p99 < 100 ? "met" : "NOT met"}. The debit reaches ${((debit.requestsPerSecond / minimal.requestsPerSecond) * 100).toFixed(0)} % of the minimal Next.js route's throughput (the issue's estimate: a minimal route at about 0.25× the baseline, the debit within 80 % of it; here the minimal route reaches ${(minimal.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}×).`
      : "",
    "",
    "Targets (the partner API's speed), on PostgreSQL, paired by round with the minimal Next.js route: the debit at ≥ 0.85×, programmes and pricing at ≥ 0.95×, each with p99 under 100 ms; the debit on PGlite at ≥ 0.7× the debit on PostgreSQL.",
    ...issue26Lines(appResults, minimalResult!),
    ...besideTheTargets(appResults, minimalOnDebitPathResult!, debitPathApart),
    ...besideTheTargets(appResults, minimalJournalOnlyResult!, journalOnlyApart),
    ...hotSpotLines(
      appResults,
      appResults.find(({ median }) => median.label === hotSpotMinimalLabel),
    ),
    "",
    "Target (the limiter's cost): the debit within 5 % of its throughput without the rate limiter and the body cap (same run, RATE_LIMITS=off).",
    debit && unlimitedDebit && limitsShare
      ? `This run: with them ${debit.requestsPerSecond.toFixed(0)} requests/s (median), without ${unlimitedDebit.requestsPerSecond.toFixed(0)}; with ÷ without, paired by round: ${percent(limitsShare.median)} (rounds ${percent(limitsShare.low)}–${percent(limitsShare.high)}): ${limitsShare.median >= 0.95 ? "met" : "NOT met"}. Each round's ratio, in order: ${limitsShare.byRound.map(percent).join(", ")}.`
      : "",
    "",
    "Target (the request log's cost): recording each request in the partner's request log costs the debit at most 5 % of its throughput (same run, REQUEST_LOG=off; rows buffered and written in one INSERT per second).",
    debit && unloggedDebit && logShare
      ? `This run: with the log ${debit.requestsPerSecond.toFixed(0)} requests/s (median), without ${unloggedDebit.requestsPerSecond.toFixed(0)}; with ÷ without, paired by round: ${percent(logShare.median)} (rounds ${percent(logShare.low)}–${percent(logShare.high)}): ${logShare.median >= 0.95 ? "met" : "NOT met"}. Each round's ratio, in order: ${logShare.byRound.map(percent).join(", ")}.`
      : "",
    "",
    ...memberLines,
    ...memoryLines,
    // The member pages in Chromium, on port 3000 (where the sandbox registers the portal's callbacks), or the
    // last run's section, said to be so, when Chromium could not be had.
    ...(chromiumAbsent
      ? earlierPagesSection(pagesSkipped(chromiumAbsent))
      : pageWeightSection(await measurePageWeights())),
  ];
  // The profiles (npm run bench:stages, and a member page's) are kept as they are: this run does not profile.
  const previous = existsSync(performanceDoc) ? readFileSync(performanceDoc, "utf8") : "";
  const kept = profileHeadings.flatMap((heading) => {
    const start = previous.indexOf(heading);
    const end = start < 0 ? -1 : previous.indexOf("\n## ", start + heading.length);
    return start < 0 ? [] : ["", previous.slice(start, end < 0 ? undefined : end).trimEnd()];
  });
  writeFileSync(performanceDoc, [...lines, ...kept, ""].join("\n"));
  formatDoc();
  console.log(lines.join("\n"));
}

runWithCleanup(main);

import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ensureBuild from "@/scripts/ensure-build";
import { startApp } from "@/test/support/start-app";
import { createPostgresDatabase } from "@/test/support/test-database";
import { appTargets, type Target } from "./app-targets";
import { runLoad } from "./autocannon-run";
import { setUpReferences, startMinimalNext } from "./reference-servers";
import { runWithCleanup } from "./run-with-cleanup";
import { benchMembersFor, prepareBenchDatabase } from "./bench-members";
import { selectBenchDatabaseServer } from "./database-server";
import { backendsCpuBetween, databaseBackendsCpu } from "./server-cpu";
import { countStatements } from "./statement-count";

/**
 * `npm run bench:stages`: where the debit's time goes. Starts `next start`
 * on PostgreSQL with `--cpu-prof`, drives the bench's debit load (32
 * connections) through it, and sorts every CPU sample of the app process
 * into the stage that was running: the innermost frame of the stack (mapped
 * back to its source through the build's source maps) that belongs to a
 * stage names it. Proportions of a profile taken under load hold on a busy
 * machine too; absolute times do not, so the table gives shares.
 *
 * Also counts the SQL statements one debit sends: bench/count-statements.cjs,
 * preloaded into the app, counts every pg query call (BEGIN and COMMIT
 * included), and 200 sequential debits divide the difference.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Every connection a member of its own, as `npm run bench` spreads its load (bench/bench-members.ts). */
const members = benchMembersFor(Number(process.env.BENCH_MEMBERS ?? connections));
const debitOnly = (scenario: { name: string }) => scenario.name.startsWith("debit");
/** STAGE_TOP=n also lists the n leaf frames with the most samples, with their stage (idle included). */
const topFrames = Number(process.env.STAGE_TOP ?? 0);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  /** Microseconds on the monotonic clock, which process.hrtime reads too (in any process of this machine). */
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Stages in the terms, by the source file (or function) a frame comes from. First match wins. */
const stageRules: { stage: string; test: (source: string, name: string) => boolean }[] = [
  { stage: "bench instrumentation (statement counter)", test: (s) => s.includes("count-statements") },
  { stage: "request log", test: (s) => s.includes("server/loyalty/request-log/") || s.includes("redact-body") },
  {
    stage: "logging (pino)",
    test: (s) =>
      s.includes("node_modules/pino") || s.includes("sonic-boom") || s.includes("server/observability/logger"),
  },
  { stage: "rate limit", test: (s) => s.includes("rate-limits/") || s.includes("request-limits") },
  { stage: "idempotency", test: (s) => s.includes("/idempotency/") || s.includes("idempotent-request") },
  {
    stage: "token verify",
    test: (s) =>
      s.includes("node_modules/jose") ||
      s.includes("server/loyalty/oauth/") ||
      s.includes("member-token") ||
      s.includes("caller-token"),
  },
  {
    stage: "gateway (api_key, partner, headers)",
    test: (s) =>
      s.includes("server/loyalty/partners/") ||
      s.includes("security/digests") ||
      s.includes("developers/key-usage") ||
      s.includes("forwarded-for") ||
      s.includes("media-types") ||
      s.includes("sandbox-scenario") ||
      s.includes("server/http/client-address") ||
      s.includes("server/http/socket-address-hook"),
  },
  {
    stage: "render (response JSON, errors)",
    test: (s, name) =>
      s.includes("render-error") ||
      s.includes("to-ascii") ||
      name === "toResponse" ||
      name === "debitResponse" ||
      name === "json",
  },
  {
    stage: "parse and validate (body, zod)",
    test: (s) =>
      s.includes("read-body") ||
      s.includes("server/http/read-body-within") ||
      s.includes("validate-input") ||
      s.includes("node_modules/zod") ||
      s.includes("lib/contract/"),
  },
  {
    stage: "SQL (PGlite: PostgreSQL in WebAssembly, in this process)",
    test: (s) => s.includes("@electric-sql/pglite") || s.startsWith("wasm://"),
  },
  {
    stage: "SQL (drizzle, pg driver)",
    test: (s) =>
      s.includes("drizzle-orm") ||
      // drizzle's own maps name its TypeScript sources (src/sql/sql.ts, src/pg-core/…)
      /(^|\/)src\/(sql|pg-core|node-postgres|pglite|entity|tracing)/.test(s) ||
      s.includes("node_modules/pg") ||
      s.includes("node_modules/postgres-") ||
      s.includes("server/db/") ||
      s.includes("server/loyalty/ledger/") ||
      s.includes("server/loyalty/rules/") ||
      s.includes("server/loyalty/members/"),
  },
  {
    stage: "operation wrapper and handler (ours, other)",
    test: (s) => /^(server|lib|app)\//.test(s),
  },
  {
    stage: "framework (Next.js routing, Request/Response, streams)",
    test: (s) =>
      s.includes("node_modules/next/") ||
      s.startsWith("next/") ||
      s.includes("[turbopack]") ||
      s.includes("@opentelemetry") ||
      s.includes("node_modules/"),
  },
];

const sourceMaps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (sourceMaps.has(url)) return sourceMaps.get(url)!;
  let map: SourceMap | null = null;
  try {
    const file = url.startsWith("file://") ? fileURLToPath(url) : url;
    if (file.includes(`${path.sep}.next${path.sep}`)) {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    }
  } catch {
    map = null;
  }
  sourceMaps.set(url, map);
  return map;
}

/** The frame's original source (and function name, if the map has one). */
function originalOf(frame: ProfileNode["callFrame"]): { source: string; name: string } {
  const map = frame.url ? sourceMapOf(frame.url) : null;
  if (!map)
    return { source: frame.url.replace(/^file:\/\/.*?\/node_modules\//, "node_modules/"), name: frame.functionName };
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
    originalSource?: string;
    name?: string;
  };
  // Turbopack's maps name sources relative to the chunk (../../../server/…); the rules read them from the project root.
  const source = (entry.originalSource ?? frame.url).replace(/^.*?(\.\.\/)+/, "");
  return { source, name: entry.name ?? frame.functionName };
}

function stageOfFrame(frame: ProfileNode["callFrame"]): string | undefined {
  if (frame.functionName === "(garbage collector)") return "garbage collection";
  if (frame.functionName === "(idle)") return "idle";
  if (frame.functionName === "(program)") return "runtime (program)";
  const { source, name } = originalOf(frame);
  return stageRules.find((rule) => rule.test(source, name))?.stage;
}

/**
 * Self time by stage, in microseconds: each sample taken within `window`
 * (the measured load, not start-up or warm-up) goes to the innermost frame
 * of its stack that names a stage.
 */
function stageShares(profile: CpuProfile, window: { from: number; to: number }): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOfNode = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = stageOfNode.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const own = stageOfFrame(node.callFrame);
    const up = parent.get(id);
    // Node's own internals (http parser, streams, crypto) count for the caller that asked for them.
    const stage = own ?? (up === undefined ? "node internals (http, streams, timers)" : resolve(up));
    stageOfNode.set(id, stage);
    return stage;
  };
  const totals = new Map<string, number>();
  const leaves = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < window.from || at > window.to) return;
    const stage = resolve(id);
    totals.set(stage, (totals.get(stage) ?? 0) + (profile.timeDeltas[index] ?? 0));
    if (topFrames > 0) {
      const frame = byId.get(id)!.callFrame;
      const { source, name } = originalOf(frame);
      const leaf = `${stage} ← ${name || "(anonymous)"} ${source}`;
      leaves.set(leaf, (leaves.get(leaf) ?? 0) + (profile.timeDeltas[index] ?? 0));
    }
  });
  if (topFrames > 0) {
    const sum = [...leaves.values()].reduce((total, micros) => total + micros, 0);
    for (const [leaf, micros] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, topFrames))
      console.log(`${((micros / sum) * 100).toFixed(2).padStart(6)} % ${leaf}`);
  }
  return totals;
}

function stageTable(totals: Map<string, number>, requests: number): string[] {
  const busy = [...totals].filter(([stage]) => stage !== "idle");
  const sum = busy.reduce((total, [, micros]) => total + micros, 0);
  return [
    `Server process CPU per request: ${(sum / requests / 1000).toFixed(2)} ms (busy samples over ${requests} answered requests; under the profiler).`,
    "",
    "| Stage | Share of busy CPU |",
    "| --- | ---: |",
    ...busy
      .sort((a, b) => b[1] - a[1])
      .map(([stage, micros]) => `| ${stage} | ${((micros / sum) * 100).toFixed(1)} % |`),
  ];
}

const microsecondsNow = () => Number(process.hrtime.bigint() / 1_000n);

/** The server under the profiler and the debit load it gets. */
interface Profiled {
  debit: Target;
  /** The app's own statement counter (PostgreSQL only). */
  countFile?: string;
  stop: () => Promise<void>;
}

/** The app (`next start` of this project), as partners reach it. */
async function profiledApp(profileDir: string, database: { url: string } | undefined): Promise<Profiled> {
  const countFile = path.join(profileDir, "statements");
  const pgliteDataDir = path.join(profileDir, "pglite");
  await prepareBenchDatabase(database ? { databaseUrl: database.url } : { pgliteDataDir }, members);
  const app = await startApp(
    {
      ...(database ? { DATABASE_URL: database.url } : { PGLITE_DATA_DIR: pgliteDataDir }),
      LOG_LEVEL: "info",
      STATEMENT_COUNT_FILE: countFile,
    },
    {
      nodeArgs: [
        "--cpu-prof",
        `--cpu-prof-dir=${profileDir}`,
        "--require",
        path.resolve("bench", "count-statements.cjs"),
      ],
    },
  );
  try {
    const [debit] = await appTargets(database ? "PostgreSQL" : "PGlite (file)", app, members, debitOnly);
    return { debit: debit!, countFile: database ? countFile : undefined, stop: () => app.stop() };
  } catch (error) {
    await app.stop();
    throw error;
  }
}

/**
 * The bench's minimal Next.js route (bench/minimal-next) under the same
 * load, so the framework's own cost per request can be read beside the
 * app's. Unless the app already did (`prepared`), an unprofiled app
 * prepares and funds the database first, then stops.
 */
async function profiledMinimalRoute(
  profileDir: string,
  database: { url: string },
  prepared: boolean,
): Promise<Profiled> {
  if (!prepared) {
    await prepareBenchDatabase({ databaseUrl: database.url }, members);
    const seeding = await startApp({ DATABASE_URL: database.url, LOG_LEVEL: "silent" });
    try {
      await appTargets("PostgreSQL", seeding, members, debitOnly);
    } finally {
      await seeding.stop();
    }
  }
  const minimal = await startMinimalNext(await setUpReferences(database.url, members), database.url, [
    "--cpu-prof",
    `--cpu-prof-dir=${profileDir}`,
  ]);
  return { debit: minimal.target, stop: minimal.stop };
}

/**
 * STAGE_TARGET: `app` (the default), `minimal` (the minimal route alone), or
 * `both`: the app and the minimal route profiled at once, the connections
 * split between them, so each request of either meets the same machine —
 * their CPU per request can then be compared even on a busy machine.
 */
function stageTarget(): "app" | "minimal" | "both" {
  const target = process.env.STAGE_TARGET ?? "app";
  if (target !== "app" && target !== "minimal" && target !== "both")
    throw new Error(`STAGE_TARGET must be app, minimal or both, not ${target}`);
  return target;
}

interface ProfiledServer {
  dir: string;
  profiled: Profiled;
  answered: number;
}

async function main(): Promise<void> {
  ensureBuild();
  selectBenchDatabaseServer();
  // STAGE_DATABASE=pglite: the embedded database in a folder, as the bench's PGlite scenarios run it.
  const embedded = process.env.STAGE_DATABASE === "pglite";
  const target = stageTarget();
  if (embedded && target !== "app") throw new Error("the minimal route runs on PostgreSQL only");
  const database = embedded ? undefined : await createPostgresDatabase();
  const servers: ProfiledServer[] = [];
  const profileDir = () => mkdtempSync(path.join(tmpdir(), "loyalty-cpuprof-"));
  let window: { from: number; to: number } | undefined;
  try {
    if (target !== "minimal") {
      const dir = profileDir();
      servers.push({ dir, profiled: await profiledApp(dir, database), answered: 0 });
    }
    if (target !== "app") {
      const dir = profileDir();
      servers.push({ dir, profiled: await profiledMinimalRoute(dir, database!, target === "both"), answered: 0 });
    }
    const share = Math.max(1, Math.round(connections / servers.length));
    await Promise.all(
      servers.map(({ profiled }) => runLoad({ ...profiled.debit, label: "warm-up", connections: share, seconds: 5 })),
    );
    // The counter patches pg's client: the embedded database's statements are the same code's, not counted here.
    const counted = servers[0]!.profiled;
    const statements = counted.countFile ? await countStatements(counted.countFile, counted.debit) : undefined;
    const serverBefore = database && servers.length === 1 ? await databaseBackendsCpu(database.url) : undefined;
    const from = microsecondsNow();
    const results = await Promise.all(
      servers.map(({ profiled }) => runLoad({ ...profiled.debit, connections: share, seconds })),
    );
    window = { from, to: microsecondsNow() };
    const serverAfter = serverBefore ? await databaseBackendsCpu(database!.url) : undefined;
    results.forEach((result, index) => {
      const server = servers[index]!;
      server.answered = Object.values(result.statuses).reduce((total, count) => total + count, 0);
      console.log(
        `${server.profiled.debit.label} under --cpu-prof (${share} connections): ${result.requestsPerSecond.toFixed(0)} requests/s, p99 ${result.p99} ms, ${JSON.stringify(result.statuses)}`,
      );
    });
    if (statements) console.log(`SQL statements per debit: ${statements.perRequest.toFixed(2)} (${statements.detail})`);
    const answered = servers[0]!.answered;
    if (serverBefore && serverAfter && answered > 0) {
      // Each backend's growth over the load, the whole of one opened meanwhile (bench/server-cpu.ts).
      console.log(
        `PostgreSQL backends' CPU per debit: ${(backendsCpuBetween(serverBefore, serverAfter) / answered).toFixed(2)} ms (${serverAfter.size} backends of this database, /proc, during the load)`,
      );
    }
  } finally {
    for (const { profiled } of servers) await profiled.stop();
    await database?.drop();
  }
  if (!window) throw new Error("no load was measured");
  for (const { dir, profiled, answered } of servers) {
    // Node writes one profile per thread, CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 serves HTTP.
    const files = readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"));
    const threadOf = (name: string) => Number(name.split(".").at(-3));
    const file = files.find((name) => threadOf(name) === 0);
    if (!file) throw new Error(`no CPU profile written for ${profiled.debit.label}`);
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    console.log(`\n${profiled.debit.label}`);
    console.log(stageTable(stageShares(profile, window), answered).join("\n"));
    // The embedded database's own thread (server/db/pglite-worker.mjs), on the other core: its busy time apart.
    for (const other of files.filter((name) => threadOf(name) !== 0)) {
      const thread = JSON.parse(readFileSync(path.join(dir, other), "utf8")) as CpuProfile;
      const busy = [...stageShares(thread, window)].filter(([stage]) => stage !== "idle");
      const micros = busy.reduce((total, [, spent]) => total + spent, 0);
      console.log(
        `Thread ${threadOf(other)} (the embedded database's): ${(micros / answered / 1000).toFixed(2)} ms of CPU per request.`,
      );
    }
    if (process.env.KEEP_PROFILE) console.log(`profile: ${path.join(dir, file)}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

// Whatever ends the run (done, failed, Ctrl-C), the servers it started are stopped.
runWithCleanup(() => main());

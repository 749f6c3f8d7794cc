import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { launchBrowser } from "@/test/support/browser";
import { startApp, type StartedApp } from "@/test/support/start-app";
import { createPostgresDatabase } from "@/test/support/test-database";
import type { SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";
import type { Target } from "./app-targets";
import { runLoad, type LoadResult } from "./autocannon-run";
import { prepareBenchDatabase } from "./bench-members";
import { signInMany, loginPageWaitMs, type SignInOutcome } from "./browser-sign-ins";
import { checkoutProduct, payAtOnce, type CheckoutSample } from "./checkout-load";
import { measureRounds, pairedShare, type Measured } from "./measure-rounds";
import { memoryVerdict } from "./memory-verdict";
import {
  calibratePages,
  callsBefore,
  callsInWords,
  countingCalls,
  memberPageLabel,
  memberPages,
  memberReferenceLabel,
  mixedVariants,
  pageVariants,
  readMetrics,
  referenceVariants,
  type AppMetrics,
  type PageCalibration,
} from "./member-pages";
import { signInMembers, adoptSessionSecret, type SignedInMember } from "./member-sessions";
import { startMinimalMemberPages } from "./reference-servers";
import { descendantsOf, type Cleanup } from "./run-with-cleanup";
import { backendsCpuBetween, databaseBackendsCpu, processesCpu } from "./server-cpu";

/**
 * The member pages under load (`npm run bench`, or alone with
 * BENCH_ONLY=members): the signed-in pages beside a minimal Next.js page
 * making the same service calls, the checkout from Pay to receipt, and
 * browser sign-ins while the pages are loaded. On PostgreSQL, with the app
 * on port 3000, where the sandbox registers the portal's OAuth callback the
 * browsers come back to. BENCH_ONLY=memory runs the memory section alone.
 */
export const memberPagesHeading = "## Member pages under load";
export const memoryHeading = "## Memory under member load";

export interface MemberBenchSettings {
  connections: number;
  seconds: number;
  rounds: number;
  warmUpSeconds: number;
  members: readonly SandboxMember[];
}

const portalPort = 3000;
/** The budgets the member pages are held to. */
export const memberBudgets = { shareOfReference: 0.8, p99Ms: 300, shopCalls: 2, payToReceiptP99Ms: 1_500 };
const checkoutMembers = Number(process.env.BENCH_CHECKOUT_MEMBERS ?? 16);
const checkoutOrders = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 8);
const signInCount = Number(process.env.BENCH_SIGN_INS ?? 100);
const signInsAtOnce = Number(process.env.BENCH_SIGN_INS_AT_ONCE ?? 8);
const memoryMinutes = Number(process.env.BENCH_MEMORY_MINUTES ?? 10);
/** Which parts of the member section run (all by default): e.g. BENCH_MEMBER_PARTS=sign-ins to try the sign-ins alone. */
// As `npm start` runs it on PostgreSQL (scripts/serve.mjs): one server process per core unless asked otherwise.
const serverProcesses = Number(process.env.BENCH_WEB_CONCURRENCY ?? availableParallelism());
const serverProcessesText = () =>
  serverProcesses === 1 ? "one server process" : `${serverProcesses} server processes under a supervising one`;
const memberParts = new Set((process.env.BENCH_MEMBER_PARTS ?? "pages,checkout,sign-ins").split(","));

interface MemberApp {
  app: StartedApp;
  metrics: AppMetrics;
  signedIn: SignedInMember[];
  /** The app's own PostgreSQL database. */
  databaseUrl: string;
  /** Stops the app and drops its database (also deferred to the run's end, for a run that fails first). */
  stop: () => Promise<void>;
}

/**
 * A PostgreSQL database of its own with the bench members, the app on port
 * 3000 over it (request logging on, as the other scenarios), its members
 * signed in. The sign-in start's limit counts per address, and every browser
 * of the bench comes from one: it is raised here, as 100 members' own
 * addresses would never meet it.
 */
async function startMemberApp(cleanup: Cleanup, members: readonly SandboxMember[]): Promise<MemberApp> {
  const database = await createPostgresDatabase();
  cleanup.defer(() => database.drop());
  await prepareBenchDatabase({ databaseUrl: database.url }, members);
  const secret = randomBytes(32).toString("base64url");
  const metricsToken = randomBytes(32).toString("hex");
  adoptSessionSecret(secret);
  const app = await startApp(
    {
      DATABASE_URL: database.url,
      LOG_LEVEL: "info",
      NEXTAUTH_SECRET: secret,
      METRICS_TOKEN: metricsToken,
      PORTAL_SIGN_IN_LIMIT: "100000",
      WEB_CONCURRENCY: String(serverProcesses),
    },
    { port: portalPort, nodeArgs: process.env.BENCH_APP_NODE_ARGS?.split(" ").filter(Boolean) },
  );
  cleanup.defer(() => app.stop());
  const signedIn = await signInMembers(app.origin, database.url, members);
  const stop = async () => {
    await app.stop();
    await database.drop();
  };
  return { app, metrics: { origin: app.origin, metricsToken }, signedIn, databaseUrl: database.url, stop };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The pages' rounds beside their references, then the checkout and the sign-ins: the section's lines. */
export async function memberPagesSection(cleanup: Cleanup, settings: MemberBenchSettings): Promise<string[]> {
  const loadAtStart = loadavg()[0]!;
  const { app, metrics, signedIn, databaseUrl, stop } = await startMemberApp(cleanup, settings.members);
  try {
    return await measureMemberPages(cleanup, settings, loadAtStart, { app, metrics, signedIn, databaseUrl });
  } finally {
    // Port 3000 free again for the member pages in Chromium, which come next.
    await stop();
  }
}

async function measureMemberPages(
  cleanup: Cleanup,
  settings: MemberBenchSettings,
  loadAtStart: number,
  { app, metrics, signedIn, databaseUrl }: Omit<MemberApp, "stop">,
): Promise<string[]> {
  const pages = memberParts.has("pages");
  const calibrations = pages ? await calibratePages(metrics, signedIn) : [];
  const reference = pages
    ? await startMinimalMemberPages(app.origin, "SBX0DEMO0PARTNER00000001")
    : { origin: "", pid: 0, stop: async () => undefined };
  cleanup.defer(() => reference.stop());

  const pageTargets = new Map<string, Target>();
  const referenceTargets = new Map<string, Target>();
  for (const calibration of calibrations) {
    pageTargets.set(calibration.page, {
      label: memberPageLabel(calibration.page),
      origin: app.origin,
      variants: pageVariants(calibration.page, signedIn),
    });
    referenceTargets.set(calibration.page, {
      label: memberReferenceLabel(calibration.page),
      origin: reference.origin,
      variants: referenceVariants(calibration.referenceOperations, signedIn),
    });
  }
  const callsOf = new Map<LoadResult, number>();
  const cpuOf = new Map<LoadResult, RenderCpu>();
  const targets = pages ? memberPages.flatMap((page) => [pageTargets.get(page)!, referenceTargets.get(page)!]) : [];
  const counting = countingCalls(metrics, new Set(pageTargets.values()), callsOf);
  const timing = measuringCpu({ app: app.pid, reference: reference.pid, databaseUrl }, cpuOf);
  const measured = await measureRounds(targets, true, {
    ...settings,
    around: (target, run) => counting(target, () => timing(target, run)),
  });
  await reference.stop();

  const checkout = memberParts.has("checkout")
    ? await payAtOnce(app.origin, signedIn.slice(0, checkoutMembers), checkoutOrders)
    : { samples: [], seconds: 0 };
  const signIns = memberParts.has("sign-ins")
    ? await signInsUnderLoad(app, signedIn, settings)
    : { outcomes: [], load: [] };
  return memberSectionLines({
    settings,
    loadAtStart,
    calibrations,
    measured: new Map(targets.map((target, index) => [target, measured[index]!])),
    pageTargets,
    referenceTargets,
    callsOf,
    cpuOf,
    checkout,
    checkoutMemberCount: Math.min(checkoutMembers, signedIn.length),
    signIns,
  });
}

interface SignInsUnderLoad {
  outcomes: SignInOutcome[];
  load: LoadResult[];
}

/**
 * `signInCount` browser sign-ins, `signInsAtOnce` at a time, while the
 * mixed member-page load (every page, every member) runs on the same app in
 * 10-second runs until the last sign-in has ended.
 */
async function signInsUnderLoad(
  app: StartedApp,
  signedIn: readonly SignedInMember[],
  settings: MemberBenchSettings,
): Promise<SignInsUnderLoad> {
  const browser = await launchBrowser();
  try {
    let signing = true;
    const load: LoadResult[] = [];
    const loading = (async () => {
      while (signing) {
        load.push(
          await runLoad({
            label: "mixed member pages",
            origin: app.origin,
            variants: mixedVariants(signedIn),
            connections: settings.connections,
            seconds: 10,
          }),
        );
      }
    })();
    // The load first, so the first sign-ins meet it too.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const outcomes = await signInMany(browser, app.origin, settings.members, signInCount, signInsAtOnce).finally(
      () => (signing = false),
    );
    await loading;
    return { outcomes, load };
  } finally {
    await browser.close();
  }
}

/** CPU time per response of a measured run (ms), by process: what one render costs, wherever it runs. */
interface RenderCpu {
  app: number;
  reference: number;
  database: number;
}

const totalCpu = (cpu: RenderCpu | undefined) => (cpu ? cpu.app + cpu.reference + cpu.database : NaN);

/**
 * Reads the CPU time of the app, the reference and the app's PostgreSQL
 * backends around each measured run: a page renders and answers its own
 * service calls on the app's one event loop, while its reference renders in
 * a process of its own beside the service, so throughput alone compares
 * one core's work with two. CPU per response compares the work.
 */
function measuringCpu(
  processes: { app: number; reference: number; databaseUrl: string },
  cpuOf: Map<LoadResult, RenderCpu>,
): (target: Target, run: () => Promise<LoadResult>) => Promise<LoadResult> {
  const nodeCpu = (pid: number) => (pid > 0 ? processesCpu([pid, ...descendantsOf(pid)]) : 0);
  return async (_target, run) => {
    const before = {
      app: nodeCpu(processes.app),
      reference: nodeCpu(processes.reference),
      database: await databaseBackendsCpu(processes.databaseUrl),
    };
    const result = await run();
    const after = {
      app: nodeCpu(processes.app),
      reference: nodeCpu(processes.reference),
      database: await databaseBackendsCpu(processes.databaseUrl),
    };
    const answered = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
    if (answered > 0)
      cpuOf.set(result, {
        app: (after.app - before.app) / answered,
        reference: (after.reference - before.reference) / answered,
        database: backendsCpuBetween(before.database, after.database) / answered,
      });
    return result;
  };
}

interface SectionInput {
  settings: MemberBenchSettings;
  loadAtStart: number;
  calibrations: PageCalibration[];
  measured: Map<Target, Measured>;
  pageTargets: Map<string, Target>;
  referenceTargets: Map<string, Target>;
  callsOf: Map<LoadResult, number>;
  cpuOf: Map<LoadResult, RenderCpu>;
  checkout: { samples: CheckoutSample[]; seconds: number };
  checkoutMemberCount: number;
  signIns: SignInsUnderLoad;
}

function memberSectionLines(input: SectionInput): string[] {
  const { settings, calibrations, measured, callsOf, cpuOf, checkout, signIns } = input;
  const rows: string[] = [];
  const cpuRows: string[] = [];
  const verdicts: string[] = [];
  for (const calibration of calibrations) {
    const page = measured.get(input.pageTargets.get(calibration.page)!)!;
    const reference = measured.get(input.referenceTargets.get(calibration.page)!)!;
    const share = pairedShare(page, reference);
    const calls = callsOf.get(page.median) ?? NaN;
    const before = callsBefore[calibration.page];
    const statuses = Object.entries(page.median.statuses)
      .filter(([, count]) => count > 0)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
    rows.push(
      `| ${calibration.page} | ${page.median.requestsPerSecond.toFixed(0)} (${page.slowest.requestsPerSecond.toFixed(0)}–${page.fastest.requestsPerSecond.toFixed(0)}) | ${reference.median.requestsPerSecond.toFixed(0)} | ${share.median.toFixed(2)}× | ${page.median.p50} | ${page.median.p99} | ${reference.median.p99} | ${callsInWords(calibration.callsPerRender)}; under load ${calls.toFixed(2)} | ${before.calls} | ${kb(calibration.htmlBytes)} / ${kb(calibration.gzipBytes)} | ${statuses}${page.median.errors ? `, errors: ${page.median.errors}` : ""} |`,
    );
    const pageCpu = cpuOf.get(page.median);
    const referenceCpu = cpuOf.get(reference.median);
    const ms = (value: number | undefined) => (value === undefined ? "—" : `${value.toFixed(1)} ms`);
    cpuRows.push(
      `| ${calibration.page} | ${ms(totalCpu(pageCpu))} | ${ms(pageCpu?.app)} | ${ms(pageCpu?.database)} | ${ms(totalCpu(referenceCpu))} | ${ms(referenceCpu?.reference)} | ${ms(referenceCpu?.app)} | ${ms(referenceCpu?.database)} | ${(totalCpu(referenceCpu) / totalCpu(pageCpu)).toFixed(2)}× |`,
    );
    const met = share.median >= memberBudgets.shareOfReference && page.median.p99 < memberBudgets.p99Ms;
    verdicts.push(
      `- ${calibration.page}: ${share.median.toFixed(2)}× its reference (rounds ${share.byRound.map((ratio) => ratio.toFixed(2)).join(", ")}), p99 ${page.median.p99} ms: ${met ? "met" : "NOT met"}.`,
    );
  }
  const shop = calibrations.find((calibration) => calibration.page === "/shop");
  const shopMeasured = measured.get(input.pageTargets.get("/shop")!);
  const shopUnderLoad = shopMeasured ? (callsOf.get(shopMeasured.median) ?? NaN) : NaN;
  if (shop) {
    const shopCalls = [...shop.callsPerRender.values()].reduce((sum, calls) => sum + calls, 0);
    verdicts.push(
      `- /shop: ${shopCalls.toFixed(2)} service calls per render (${callsInWords(shop.callsPerRender)}, counted over ${shop.renders} renders one at a time, prices warm); under load ${shopUnderLoad.toFixed(2)} per render started; at most ${memberBudgets.shopCalls}: ${shopCalls <= memberBudgets.shopCalls ? "met" : "NOT met"}.`,
    );
  }

  const paid = checkout.samples.filter((sample) => sample.ok).map((sample) => sample.payToReceiptMs);
  const failedPayments = checkout.samples.filter((sample) => !sample.ok);
  const payP99 = percentile(paid, 0.99);
  const paymentFailures = [...new Set(failedPayments.map((sample) => sample.failure))].join("; ");

  const { outcomes, load } = signIns;
  const succeeded = outcomes.filter((outcome) => outcome.ok);
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const times = (pick: (outcome: SignInOutcome) => number | undefined) =>
    succeeded.map(pick).filter((value): value is number => value !== undefined);
  const stat = (values: number[]) =>
    values.length === 0
      ? "—"
      : `${median(values).toFixed(0)} / ${percentile(values, 0.99).toFixed(0)} / ${Math.max(...values).toFixed(0)}`;
  const loadRps = load.map((run) => run.requestsPerSecond);
  const loadP99 = load.map((run) => run.p99);

  return [
    memberPagesHeading,
    "",
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (load average when this section began: ${input.loadAtStart.toFixed(1)} on ${cpus().length} cores). The app is \`npm start\` on PostgreSQL (${serverProcessesText()}), on port ${portalPort} (where the sandbox registers the portal's OAuth callback), with request logging on; ${settings.members.length} members each with a portal session of their own (the programme's login and grant for the portal's client, the tokens sealed into a stored session as the portal's sign-in stores them, next-auth's cookie naming it: bench/member-sessions.ts). autocannon, ${settings.connections} connections, the members in turn; each page warmed up for ${settings.warmUpSeconds} s, then measured ${settings.rounds} times for ${settings.seconds} s in turns with its reference.`,
    "",
    "The reference of each page is a minimal Next.js page (bench/minimal-next/app/member-page) making the same calls to the same service operations over loopback, with the same member's token, side by side, and rendering a few lines: no session lookup, no translations, no layout. Which calls, and how many, is measured from the app before the load (each page rendered once for every member to warm the shop's price cache, then twice per member counted by the portal's counter `loyalty_platform_portal_loyalty_calls_total` on /metrics), so the reference cannot drift from the page. Service calls per render: by operation, counted over the calibration's renders (one at a time, so exact); under load, the counter's growth over the median measured run (read a second after it, when the renders still on their way have made their calls) ÷ the renders it started. Before: counted from the code before the shop's prices were shared (commit 8e8cc55). Bytes: one render's HTML as sent, and gzipped at level 6 as `next start` compresses it for a browser.",
    "",
    "| Page | Requests/s (median, range) | Reference requests/s | × reference (paired) | p50 | p99 | Reference p99 | Service calls per render | Calls before | HTML / gzip | Responses (median run) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |",
    ...rows,
    "",
    "**CPU per render.** The CPU time (user and system, from /proc) the processes used over each median run above, ÷ its responses: the app's (its server processes and their supervisor: the page's render and the service's answers to its calls), the reference's own process (bench/minimal-next) and the app's PostgreSQL backends (each one's growth over the run; one the pools opened meanwhile counts whole, one they closed is lost). The reference renders in a process of its own beside the service; with one server process, a page's render and its service's answers share one event loop. Equal CPU: the reference's CPU per render ÷ the page's, the share of its reference's throughput the page would reach if both had the same CPU (autocannon's own left out).",
    "",
    "| Page | Page: CPU per render | app | PostgreSQL | Reference: CPU per render | reference | app (its calls) | PostgreSQL | Equal CPU |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...cpuRows,
    "",
    `Targets: each page at least ${memberBudgets.shareOfReference}× its reference's throughput, paired by round, with p99 under ${memberBudgets.p99Ms} ms at ${settings.connections} members; /shop at most ${memberBudgets.shopCalls} service calls per render.`,
    ...verdicts,
    "",
    `**Checkout, Pay to receipt.** ${input.checkoutMemberCount} members paying at once on PostgreSQL, each ${checkoutOrders} orders in a row after one not counted (bench/checkout-load.ts): the product page's quote and the card tokenised with the publishable key before Pay, as the page holds them; then timed, the place-order server action posted as the browser posts it (the order placed and driven to its end: points debited, card authorised and captured) and the order's page received. ${checkoutProduct}, option 0 (the fewest points, the rest on the approved test card).`,
    "",
    "| Orders | Failed | Orders/s | Pay → receipt p50 | p99 | max | Target |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    `| ${checkout.samples.length} | ${failedPayments.length} | ${(paid.length / checkout.seconds).toFixed(1)} | ${median(paid).toFixed(0)} ms | ${payP99.toFixed(0)} ms | ${Math.max(...paid).toFixed(0)} ms | p99 under ${memberBudgets.payToReceiptP99Ms} ms, none failed: ${payP99 < memberBudgets.payToReceiptP99Ms && failedPayments.length === 0 ? "met" : "NOT met"} |`,
    ...(paymentFailures ? ["", `Failed payments: ${paymentFailures}.`] : []),
    "",
    `**Browser sign-ins under load.** ${outcomes.length} sign-ins in Chromium (playwright-core), ${signInsAtOnce} at a time, each in a context of its own, while the mixed member-page load (every page for every member, ${settings.connections} connections) runs on the same app (bench/browser-sign-ins.ts): the portal's login page, the programme's button pressed as soon as it is on screen (a member does not wait for the page's script), the programme's login page within ${loginPageWaitMs / 1000} s, the form, and back on /account signed in. The load meanwhile: ${load.length} runs of 10 s, ${median(loadRps).toFixed(0)} requests/s (median), p99 ${median(loadP99).toFixed(0)} ms (median of the runs; worst ${Math.max(...loadP99).toFixed(0)} ms).`,
    "",
    "| Sign-ins | Signed in | Failed | Login page shown (p50 / p99 / max) | Button → programme's page | Form → signed in | Whole sign-in | Target |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    `| ${outcomes.length} | ${succeeded.length} | ${failed.length} | ${stat(times((outcome) => outcome.loginShownMs))} ms | ${stat(times((outcome) => outcome.programmePageMs))} ms | ${stat(times((outcome) => outcome.signedInMs))} ms | ${stat(times((outcome) => outcome.totalMs))} ms | every one signed in: ${failed.length === 0 && outcomes.length === signInCount ? "met" : "NOT met"} |`,
    ...(failed.length > 0
      ? [
          "",
          "Failed sign-ins (step, address, what the page said):",
          ...failed.map(
            (outcome) =>
              `- ${outcome.member}: ${outcome.failure?.step} at ${outcome.failure?.url}: ${outcome.failure?.said || "nothing"}`,
          ),
        ]
      : []),
    "",
  ];
}

/** The resident memory of a process and of those it started (Linux), in bytes. */
function residentBytes(pid: number): number {
  const one = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
    } catch {
      return 0;
    }
  };
  return [pid, ...descendantsOf(pid)].reduce((sum, id) => sum + one(id), 0);
}

/**
 * The mixed member-page load for `memoryMinutes` minutes, the app's resident
 * memory (and V8's heap in use, from /metrics) read at the start and after
 * every minute: whether it stops growing, and how much it uses.
 */
export async function memorySection(cleanup: Cleanup, settings: MemberBenchSettings): Promise<string[]> {
  const { app, metrics, signedIn, stop } = await startMemberApp(cleanup, settings.members);
  try {
    return await measureMemory(settings, { app, metrics, signedIn });
  } finally {
    await stop();
  }
}

async function measureMemory(
  settings: MemberBenchSettings,
  { app, metrics, signedIn }: Omit<MemberApp, "stop" | "databaseUrl">,
): Promise<string[]> {
  const heapUsed = async () => (await readMetrics(metrics)).get("loyalty_platform_nodejs_heap_size_used_bytes") ?? NaN;
  const readings: { minute: number; rss: number; heap: number; load?: LoadResult }[] = [
    { minute: 0, rss: residentBytes(app.pid), heap: await heapUsed() },
  ];
  for (let minute = 1; minute <= memoryMinutes; minute++) {
    const load = await runLoad({
      label: "mixed member pages",
      origin: app.origin,
      variants: mixedVariants(signedIn),
      connections: settings.connections,
      seconds: 60,
    });
    readings.push({ minute, rss: residentBytes(app.pid), heap: await heapUsed(), load });
    console.log(`memory, minute ${minute}: ${(readings.at(-1)!.rss / 1e6).toFixed(0)} MB resident`);
  }
  const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
  const half = Math.floor(memoryMinutes / 2);
  const last = readings.at(-1)!;
  const middle = readings[half]!;
  const growth = last.rss - middle.rss;
  const peak = Math.max(...readings.map((reading) => reading.rss));
  const verdict = memoryVerdict(readings);
  const verdictWords =
    verdict.kind === "too-short"
      ? "too few minutes to say whether it has stopped growing"
      : verdict.kind === "settled"
        ? `over the last three minutes it stayed under the high it reached before them (${mb(verdict.peakBefore.rss)} MB at minute ${verdict.peakBefore.minute}; at most ${mb(verdict.highestLast.rss)} MB since): it has stopped growing`
        : `at minute ${verdict.highestLast.minute} it reached ${mb(verdict.highestLast.rss)} MB, above the high before the last three minutes (${mb(verdict.peakBefore.rss)} MB at minute ${verdict.peakBefore.minute}): NOT settled`;
  const minutes = `${memoryMinutes} minute${memoryMinutes === 1 ? "" : "s"}`;
  return [
    memoryHeading,
    "",
    `Measured by \`BENCH_ONLY=memory npm run bench\` (or the whole bench) on ${new Date().toISOString().slice(0, 10)}: the app (\`npm start\` on PostgreSQL, ${serverProcessesText()}) under the mixed member-page load (every member page for each of ${settings.members.length} members in turn, ${settings.connections} connections) for ${minutes}; its resident memory (/proc's VmRSS of its processes, added up) and V8's heap in use (/metrics) read before the load and after every minute.`,
    "",
    "| Minute | Resident memory | V8 heap in use | Requests/s that minute | p99 |",
    "| ---: | ---: | ---: | ---: | ---: |",
    ...readings.map(
      (reading) =>
        `| ${reading.minute} | ${mb(reading.rss)} MB | ${mb(reading.heap)} MB | ${reading.load ? reading.load.requestsPerSecond.toFixed(0) : "—"} | ${reading.load ? `${reading.load.p99} ms` : "—"} |`,
    ),
    "",
    `Resident memory after ${minutes}: ${mb(last.rss)} MB (peak ${mb(peak)} MB); over the second half (minute ${half} to ${memoryMinutes}) it ${growth > 0 ? "grew" : "changed"} by ${mb(growth)} MB (${((growth / middle.rss) * 100).toFixed(1)} %); ${verdictWords} (bench/memory-verdict.ts: none of the last three readings more than 2 % above the highest before them).`,
    "",
  ];
}

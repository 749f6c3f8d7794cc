import { gzipSync } from "node:zlib";
import type { Target } from "./app-targets";
import type { LoadResult, RequestVariant } from "./autocannon-run";
import type { SignedInMember } from "./member-sessions";

/**
 * The member pages `npm run bench` loads signed in, each member with a
 * session of its own. `/shop/FLIGHT-LHR-MAD` is the product the home page's
 * demo path leads to (a flight: one P9, adjusted to the member's balance).
 */
export const memberPages = ["/account", "/transactions", "/shop", "/shop/FLIGHT-LHR-MAD"] as const;
export type MemberPage = (typeof memberPages)[number];

/**
 * Each page's calls to the service per render before this bench existed,
 * counted from the code at commit 8e8cc55 (the page, its layout and the
 * page's language): the layout's P2, the profile read for the language, and
 * the page's own calls. /shop priced each of its 9 cards with a P9 of its
 * own, per member and render.
 */
export const callsBefore: Record<MemberPage, { calls: number; how: string }> = {
  "/account": { calls: 2, how: "P2 (layout and page, memoised), profile read (language)" },
  "/transactions": { calls: 3, how: "P2, P3, profile read" },
  "/shop": { calls: 11, how: "P2, profile read, 9 × P9 (one per card)" },
  "/shop/FLIGHT-LHR-MAD": { calls: 3, how: "P2 (memoised), P9, profile read" },
};

/** The metrics the app serves with METRICS_TOKEN: its calls to the service by operation. */
const callsMetric = "loyalty_platform_portal_loyalty_calls_total";

export interface AppMetrics {
  origin: string;
  metricsToken: string;
}

/** What the app's /metrics says: each sample's value by its name and labels (`name{label="value"}`). */
export async function readMetrics({ origin, metricsToken }: AppMetrics): Promise<Map<string, number>> {
  const response = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-z_]+(?:\{[^}]*\})?) ([0-9.eE+-]+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

/** The portal's calls to the service so far, by operation. */
export async function loyaltyCalls(app: AppMetrics): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const [sample, value] of await readMetrics(app)) {
    const operation = new RegExp(`^${callsMetric}\\{operation="([a-z-]+)"\\}$`).exec(sample)?.[1];
    if (operation) calls.set(operation, value);
  }
  return calls;
}

/** Calls made between two readings, by operation (operations with none left out). */
export function callsBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const made = new Map<string, number>();
  for (const [operation, value] of after) {
    const delta = value - (before.get(operation) ?? 0);
    if (delta > 0) made.set(operation, delta);
  }
  return made;
}

const total = (calls: Map<string, number>) => [...calls.values()].reduce((sum, value) => sum + value, 0);

/** The page signed in as each member in turn: one variant per member, its session's cookie. */
export function pageVariants(page: string, members: readonly SignedInMember[]): RequestVariant[] {
  return members.map((member) => ({ method: "GET", path: page, headers: { Cookie: member.cookie } }));
}

/** The reference page making `operations` for each member in turn (bench/minimal-next/app/member-page). */
export function referenceVariants(operations: readonly string[], members: readonly SignedInMember[]): RequestVariant[] {
  const query = new URLSearchParams({ calls: operations.join(",") }).toString();
  return members.map((member) => ({
    method: "GET",
    path: `/member-page?${query}`,
    headers: { "x-bench-member": member.membershipNumber, "x-bench-token": member.accessToken },
  }));
}

/** Every member page for every member, interleaved: the mixed load of the sign-ins and the memory run. */
export function mixedVariants(members: readonly SignedInMember[]): RequestVariant[] {
  return members.flatMap((member) =>
    memberPages.map((page) => ({ method: "GET" as const, path: page, headers: { Cookie: member.cookie } })),
  );
}

export interface PageCalibration {
  page: MemberPage;
  /** The service calls one render makes, by operation (the mean over the calibration's renders). */
  callsPerRender: Map<string, number>;
  /** The operations the reference makes for this page: each operation as many times as one render makes it. */
  referenceOperations: string[];
  /** Renders counted. */
  renders: number;
  /** The page as the browser receives it: its HTML, and gzipped at level 6 as `next start` sends it. */
  htmlBytes: number;
  gzipBytes: number;
}

/**
 * Renders each page `renders` times, one at a time, the members in turn,
 * after every page has been rendered once for each member (the shop's
 * per-instance price cache warm, as on a busy evening): the service calls one
 * render makes by operation, read from the app's counter, and the page's
 * size. A render that is not the page (a redirect to the login page, an
 * error) fails the run: the load would measure something else.
 */
export async function calibratePages(
  app: AppMetrics,
  members: readonly SignedInMember[],
  renders = 2 * members.length,
): Promise<PageCalibration[]> {
  const render = async (page: string, member: SignedInMember) => {
    const response = await fetch(`${app.origin}${page}`, { headers: { Cookie: member.cookie }, redirect: "manual" });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200)
      throw new Error(`${page} for ${member.membershipNumber} answered ${response.status}, not the page`);
    return body;
  };
  for (const page of memberPages) for (const member of members) await render(page, member);
  const calibrations: PageCalibration[] = [];
  for (const page of memberPages) {
    const before = await loyaltyCalls(app);
    let body = Buffer.alloc(0);
    for (let index = 0; index < renders; index++) body = await render(page, members[index % members.length]!);
    const made = callsBetween(before, await loyaltyCalls(app));
    const callsPerRender = new Map([...made].map(([operation, calls]) => [operation, calls / renders]));
    calibrations.push({
      page,
      callsPerRender,
      referenceOperations: [...callsPerRender].flatMap(([operation, perRender]) =>
        Array.from({ length: Math.round(perRender) }, () => operation),
      ),
      renders,
      htmlBytes: body.length,
      gzipBytes: gzipSync(body, { level: 6 }).length,
    });
  }
  return calibrations;
}

/** A page's load run with the service calls it made, read around it from the app's counter. */
export interface PageRun {
  run: LoadResult;
  callsPerRender: number;
}

/**
 * Runs `run` between two readings of the app's calls to the service, and
 * keeps the calls per render started. Only the app's targets are read: the
 * reference's calls reach the service directly and are not the portal's.
 */
export function countingCalls(
  app: AppMetrics,
  appTargets: ReadonlySet<Target>,
  callsOf: Map<LoadResult, number>,
): (target: Target, run: () => Promise<LoadResult>) => Promise<LoadResult> {
  return async (target, run) => {
    if (!appTargets.has(target)) return run();
    const before = await loyaltyCalls(app);
    const result = await run();
    // The renders still on their way when the run ended finish their calls first.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const made = total(callsBetween(before, await loyaltyCalls(app)));
    // Over every render started: those the run's end left unanswered made their calls too.
    const rendered = result.sent ?? result.statuses["2xx"] ?? 0;
    callsOf.set(result, rendered > 0 ? made / rendered : NaN);
    return result;
  };
}

export const memberPageLabel = (page: MemberPage) => `${page} · signed in, PostgreSQL`;
export const memberReferenceLabel = (page: MemberPage) => `minimal Next.js page, same calls as ${page}`;

/** "P2 ×1, P9 ×0.02": a render's calls by operation, as the table shows them. */
export function callsInWords(calls: Map<string, number>): string {
  const names: Record<string, string> = {
    "retrieve-account": "P2",
    "retrieve-transactions": "P3",
    "retrieve-product-prices": "P9",
    "retrieve-membership": "profile read",
    "token-service": "token service",
  };
  const parts = [...calls]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, perRender]) => `${names[operation] ?? operation} ×${Number(perRender.toFixed(2))}`);
  return parts.length > 0 ? parts.join(", ") : "none";
}

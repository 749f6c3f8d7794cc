import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { Client } from "pg";
import sandbox from "@/sandbox.json";
import { freePort, productionNodeFlags } from "@/test/support/start-app";
import type { SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";
import type { Target } from "./app-targets";
import type { RequestVariant } from "./autocannon-run";

/**
 * The bench's two reference points beside the app (`npm run bench`), and
 * the minimal one under the profiler too (`npm run bench:stages` with
 * STAGE_TARGET=minimal): both run the debit's own SQL statement for an
 * account given by id.
 */
const minimalNextDir = path.join("bench", "minimal-next");

/** The bench members' account ids and the Demo Partner's id, which the bare servers are told. */
export async function accountsAndPartner(
  databaseUrl: string,
  benchMembers: readonly SandboxMember[],
): Promise<{ accountIds: number[]; partnerId: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const accounts = await client.query(
      "SELECT a.id FROM loyalty.accounts a JOIN loyalty.members m ON m.id = a.member_id WHERE m.membership_number = ANY($1) ORDER BY m.membership_number",
      [benchMembers.map((member) => member.membershipNumber)],
    );
    const partner = await client.query("SELECT id FROM loyalty.partners WHERE partner_identifier = $1", [
      sandbox.partners[0]!.partnerIdentifier,
    ]);
    return { accountIds: accounts.rows.map((row: { id: number }) => row.id), partnerId: partner.rows[0].id as number };
  } finally {
    await client.end();
  }
}

/** One request per bench account, for the bare servers (each tells the account by id). */
export function accountVariantsOf(accountIds: number[]): RequestVariant[] {
  return accountIds.map((accountId) => ({
    method: "POST" as const,
    path: "/",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: "B[<id>]", accountId }),
  }));
}

export async function startBaseline(
  databaseUrl: string,
  partnerId: number,
  variants: RequestVariant[],
): Promise<{ target: Target; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join("node_modules", "tsx", "dist", "cli.mjs"),
      "bench/baseline-server.ts",
      String(port),
      databaseUrl,
      String(partnerId),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return {
    target: {
      label: "baseline: bare node:http + pg, same SQL statement",
      origin: `http://127.0.0.1:${port}`,
      variants,
    },
    stop: () => child.kill(),
  };
}

export const minimalLabel = "minimal Next.js route handler, same SQL statement";
export const minimalOnDebitPathLabel = "the same minimal route under the debit's path (dynamic segments)";

/**
 * The reference point the issue sets the debit against: a minimal Next.js
 * route handler doing only the baseline's SQL (bench/minimal-next), built and
 * started like the app (`nodeArgs`: extra Node flags, e.g. the profiler's).
 * The same handler also answers under the debit's own path, whose dynamic
 * segments cost Next.js about a tenth of a static route's throughput
 * (docs/performance.md, "The framework's own share"): `onDebitPath`, a second
 * reference that shows how far the debit is from what Next.js allows on its path.
 */
export async function startMinimalNext(
  databaseUrl: string,
  partnerId: number,
  accountVariants: RequestVariant[],
  nodeArgs: string[] = [],
): Promise<{
  target: Target;
  onDebitPath: Target;
  /** The static route again under another label, with other accounts (the hot-spot comparison). */
  targetWith: (label: string, accountVariants: RequestVariant[]) => Target;
  stop: () => Promise<void>;
}> {
  const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
  const build = spawnSync(process.execPath, [nextBin, "build", minimalNextDir], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("building bench/minimal-next failed");
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...productionNodeFlags, ...nodeArgs, nextBin, "start", minimalNextDir, "--port", String(port)],
    {
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, BENCH_PARTNER_ID: String(partnerId) },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${origin}/debit`);
      break;
    } catch {
      if (attempt > 120) throw new Error("bench/minimal-next did not start");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const atDebit = (variants: RequestVariant[]) => variants.map((variant) => ({ ...variant, path: "/debit" }));
  // The handler reads the account from the body; the path only has the debit's shape.
  const debitPath = "/api/v1/programmes/NORTHSTAR/accounts/BENCH/debit-transaction-requests";
  return {
    target: { label: minimalLabel, origin, variants: atDebit(accountVariants) },
    targetWith: (label, otherAccounts) => ({ label, origin, variants: atDebit(otherAccounts) }),
    onDebitPath: {
      label: minimalOnDebitPathLabel,
      origin,
      variants: accountVariants.map((variant) => ({ ...variant, path: debitPath })),
    },
    // SIGTERM lets Node write a --cpu-prof profile on the way out.
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Client } from "pg";
import sandbox from "@/sandbox.json";
import { freePort, productionNodeFlags } from "@/test/support/start-app";
import type { SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";
import type { Target } from "./app-targets";
import type { RequestVariant } from "./autocannon-run";
import { referenceDebitStatement, type ReferenceStatement } from "./debit-statement";
import { benchProgramme } from "./scenarios";

/**
 * The bench's two reference points beside the app (`npm run bench`), and
 * the minimal one under the profiler too (`npm run bench:stages` with
 * STAGE_TARGET=minimal): both run the debit's own SQL statement, taken from
 * the ledger's code (bench/debit-statement.ts), for the same members as the
 * app's debit, each with a live access token of its own.
 */
const minimalNextDir = path.join("bench", "minimal-next");

export interface ReferenceSetUp {
  partnerId: number;
  /** One request per member: its membership number and the id (`jti`) of a live access token of its own. */
  variants: RequestVariant[];
  /** The same members' accounts by id, for the journal-only statement. */
  journalOnlyVariants: RequestVariant[];
  statement: ReferenceStatement;
}

/**
 * Sets the references up for `benchMembers`: the Demo Partner's id, the
 * debit's statement, and an access token row for each member (as the grant
 * stores one) whose id the statement's revocation check finds live.
 */
export async function setUpReferences(
  databaseUrl: string,
  benchMembers: readonly SandboxMember[],
): Promise<ReferenceSetUp> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const partner = await client.query("SELECT id FROM loyalty.partners WHERE partner_identifier = $1", [
      sandbox.partners[0]!.partnerIdentifier,
    ]);
    const partnerId = partner.rows[0].id as number;
    const members = await client.query(
      `WITH issued AS (
         INSERT INTO loyalty.tokens (id, kind, family_id, client_id, partner_id, member_id, programme_id, expires_at)
         SELECT 'bench-ref-' || m.membership_number || '-' || substr(md5(random()::text), 1, 16), 'access',
           'bench-reference', c.id, $2, m.id, a.programme_id, now() + interval '1 day'
         FROM loyalty.accounts a JOIN loyalty.members m ON m.id = a.member_id
         JOIN loyalty.programmes p ON p.id = a.programme_id AND p.identifier = $4
         JOIN loyalty.oauth_clients c ON c.partner_id = $2 AND c.client_id = $3
         WHERE m.membership_number = ANY($1)
         RETURNING id, member_id, programme_id
       )
       SELECT m.membership_number, a.id AS account_id, issued.id AS token_id
       FROM issued JOIN loyalty.members m ON m.id = issued.member_id
       JOIN loyalty.accounts a ON a.member_id = m.id AND a.programme_id = issued.programme_id
       ORDER BY m.membership_number`,
      [
        benchMembers.map((member) => member.membershipNumber),
        partnerId,
        sandbox.partners[0]!.oauthClient!.clientId,
        benchProgramme,
      ],
    );
    const rows = members.rows as { membership_number: string; account_id: number; token_id: string }[];
    if (rows.length !== benchMembers.length)
      throw new Error(`the bench members' ${benchProgramme} accounts are missing`);
    const request = (body: object): RequestVariant => ({
      method: "POST",
      path: "/",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: "B[<id>]", ...body }),
    });
    return {
      partnerId,
      variants: rows.map((row) => request({ membershipNumber: row.membership_number, accessTokenId: row.token_id })),
      journalOnlyVariants: rows.map((row) => request({ accountId: row.account_id })),
      statement: referenceDebitStatement(partnerId),
    };
  } finally {
    await client.end();
  }
}

export async function startBaseline(
  references: ReferenceSetUp,
  databaseUrl: string,
): Promise<{ target: Target; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join("node_modules", "tsx", "dist", "cli.mjs"), "bench/baseline-server.ts", String(port), databaseUrl],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, BENCH_DEBIT_STATEMENT: JSON.stringify(references.statement) },
    },
  );
  // Ready when it says so; a server that ends first (a port taken, a bad statement) fails the run rather than hang it.
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the baseline server exited with ${code} before it was ready`)));
  });
  return {
    target: {
      label: "baseline: bare node:http + pg, same SQL statement",
      origin: `http://127.0.0.1:${port}`,
      variants: references.variants,
    },
    stop: () => child.kill(),
  };
}

const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
let minimalNextBuilt = false;

/** Builds bench/minimal-next once per run (the debit's routes and the member pages' reference alike). */
function buildMinimalNext(): void {
  if (minimalNextBuilt) return;
  const build = spawnSync(process.execPath, [nextBin, "build", minimalNextDir], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("building bench/minimal-next failed");
  minimalNextBuilt = true;
}

/** Waits until the started server answers `probe`; a server that ends first, or never answers, fails the run. */
async function answering(child: ChildProcess, probe: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(probe);
      return;
    } catch {
      if (attempt > 120 || child.exitCode !== null) {
        child.kill("SIGKILL");
        throw new Error("bench/minimal-next did not start");
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * The member pages' reference (bench/minimal-next/app/member-page): a
 * minimal Next.js page making, with the member's token, the loopback calls
 * to `serviceOrigin`'s partner operations it is told in its query, built
 * and started like the app.
 */
export async function startMinimalMemberPages(
  serviceOrigin: string,
  apiKey: string,
): Promise<{ origin: string; pid: number; stop: () => Promise<void> }> {
  buildMinimalNext();
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...productionNodeFlags, nextBin, "start", minimalNextDir, "--port", String(port)],
    {
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", BENCH_SERVICE_ORIGIN: serviceOrigin, BENCH_API_KEY: apiKey },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  await answering(child, `${origin}/member-page`);
  return {
    origin,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export const minimalLabel = "minimal Next.js route handler, same SQL statement";
export const minimalOnDebitPathLabel = "the same minimal route under the debit's path (dynamic segments)";
export const minimalJournalOnlyLabel =
  "the same minimal route, journal-only statement (the references' until 2026-11-28)";

/**
 * The reference point the issue sets the debit against: a minimal Next.js
 * route handler doing only the debit's SQL statement (bench/minimal-next), built and
 * started like the app (`nodeArgs`: extra Node flags, e.g. the profiler's).
 * The same handler also answers under the debit's own path, whose dynamic
 * segments cost Next.js about a tenth of a static route's throughput
 * (docs/performance.md, "The framework's own share"): `onDebitPath`, a second
 * reference that shows how far the debit is from what Next.js allows on its path.
 * `journalOnly`: the statement the references ran until 2026-11-28 (balance
 * and journal row only), kept beside the targets.
 */
export async function startMinimalNext(
  references: ReferenceSetUp,
  databaseUrl: string,
  nodeArgs: string[] = [],
): Promise<{
  target: Target;
  onDebitPath: Target;
  journalOnly: Target;
  /** The static route again under another label, for other members (the hot-spot comparison). */
  targetWith: (label: string, otherMembers: ReferenceSetUp) => Target;
  stop: () => Promise<void>;
}> {
  buildMinimalNext();
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...productionNodeFlags, ...nodeArgs, nextBin, "start", minimalNextDir, "--port", String(port)],
    {
      stdio: "ignore",
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        BENCH_PARTNER_ID: String(references.partnerId),
        BENCH_DEBIT_STATEMENT: JSON.stringify(references.statement),
      },
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  await answering(child, `${origin}/debit`);
  const at = (route: string, variants: RequestVariant[]) => variants.map((variant) => ({ ...variant, path: route }));
  // The handler reads the member from the body; the path only has the debit's shape.
  const debitPath = `/api/v1/programmes/${benchProgramme}/accounts/BENCH/debit-transaction-requests`;
  return {
    target: { label: minimalLabel, origin, variants: at("/debit", references.variants) },
    targetWith: (label, otherMembers) => ({ label, origin, variants: at("/debit", otherMembers.variants) }),
    onDebitPath: { label: minimalOnDebitPathLabel, origin, variants: at(debitPath, references.variants) },
    journalOnly: {
      label: minimalJournalOnlyLabel,
      origin,
      variants: at("/debit-journal-only", references.journalOnlyVariants),
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

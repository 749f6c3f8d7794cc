import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import sandbox from "@/sandbox.json";
import ensureBuild from "@/scripts/ensure-build";
import { freePort, startApp, type RunningApp } from "@/test/support/start-app";
import { createPostgresDatabase } from "@/test/support/test-database";
import { runLoad, type LoadResult } from "./autocannon-run";
import { memberAccessToken } from "./member-token";
import { benchScenarios } from "./scenarios";

/**
 * `npm run bench`: the real debit (and the other scenarios) through the whole
 * HTTP stack of `next start`, on PostgreSQL and on the embedded database,
 * beside a same-run baseline: the same SQL transaction behind a bare
 * node:http + pg server. Writes docs/performance.md.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.TEST_DATABASE_URL = serverUrl;

const apiKey = sandbox.partners[0]!.apiKeys.staging;
/** Active members who can log in: the load spreads over their accounts, as real traffic does. */
const benchMembers = sandbox.members.filter((member) => member.username && member.status === "ACTIVE" && !member.passwordExpired && member.programme === "NORTHSTAR");

/** Gives a member enough points for the run through P4, as a partner would. */
async function creditForRun(origin: string, membershipNumber: string, familyName: string): Promise<void> {
  const response = await fetch(`${origin}/api/v1/programmes/NORTHSTAR/accounts/${membershipNumber}/credit-transaction-requests?api_key=${apiKey}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      monetaryAmount: { amount: "999999", currency: { currencyCode: "POINTS" } },
      externalTransactionIdentifier: `BENCHFUND${membershipNumber}${Date.now()}`,
      externalTransactionDate: new Date().toISOString(),
      externalSource: "DEMOSHOP",
      type: "COLLECTION",
      person: { name: { familyName } },
    }),
  });
  if (response.status !== 201) throw new Error(`crediting ${membershipNumber} failed: ${response.status} ${await response.text()}`);
}

async function loadApp(label: string, app: RunningApp): Promise<LoadResult[]> {
  const members = [];
  for (const member of benchMembers) {
    await creditForRun(app.origin, member.membershipNumber, member.familyName);
    members.push({ membershipNumber: member.membershipNumber, token: await memberAccessToken(app.origin, member.username!) });
  }
  const results: LoadResult[] = [];
  for (const scenario of benchScenarios) {
    const variants = scenario.variants({ apiKey, members });
    // A short warm-up compiles and caches the route before the measured run.
    await runLoad({ origin: app.origin, variants, label: "warm-up", connections: 4, seconds: 2 });
    results.push(await runLoad({ origin: app.origin, variants, label: `${scenario.name} · ${label}`, connections, seconds }));
  }
  return results;
}

async function accountsAndPartner(databaseUrl: string): Promise<{ accountIds: number[]; partnerId: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const accounts = await client.query(
      "SELECT a.id FROM loyalty.accounts a JOIN loyalty.members m ON m.id = a.member_id WHERE m.membership_number = ANY($1)",
      [benchMembers.map((member) => member.membershipNumber)],
    );
    const partner = await client.query("SELECT id FROM loyalty.partners WHERE partner_identifier = $1", [sandbox.partners[0]!.partnerIdentifier]);
    return { accountIds: accounts.rows.map((row: { id: number }) => row.id), partnerId: partner.rows[0].id as number };
  } finally {
    await client.end();
  }
}

async function runBaseline(databaseUrl: string): Promise<LoadResult> {
  const { accountIds, partnerId } = await accountsAndPartner(databaseUrl);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join("node_modules", "tsx", "dist", "cli.mjs"), "bench/baseline-server.ts", String(port), databaseUrl, String(partnerId)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  try {
    const origin = `http://127.0.0.1:${port}`;
    const variants = accountIds.map((accountId) => ({
      method: "POST" as const,
      path: "/",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: "B[<id>]", accountId }),
    }));
    await runLoad({ origin, variants, label: "warm-up", connections: 4, seconds: 2 });
    return await runLoad({ origin, variants, label: "baseline: bare node:http + pg, same SQL statement", connections, seconds });
  } finally {
    child.kill();
  }
}

function row(result: LoadResult, baseline: LoadResult): string {
  const ratio = result.requestsPerSecond / baseline.requestsPerSecond;
  const statuses = Object.entries(result.statuses)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  return `| ${result.label} | ${result.requestsPerSecond.toFixed(0)} | ${ratio.toFixed(2)}× | ${result.p50} | ${result.p99} | ${statuses}${result.errors ? `, errors: ${result.errors}` : ""} |`;
}

async function main(): Promise<void> {
  ensureBuild();
  const results: LoadResult[] = [];

  const database = await createPostgresDatabase();
  const pgApp = await startApp({ DATABASE_URL: database.url, LOG_LEVEL: "info" });
  let baseline: LoadResult;
  try {
    results.push(...(await loadApp("PostgreSQL", pgApp)));
  } finally {
    await pgApp.stop();
  }
  try {
    baseline = await runBaseline(database.url);
  } finally {
    await database.drop();
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), "loyalty-bench-"));
  const pgliteApp = await startApp({ PGLITE_DATA_DIR: dataDir, LOG_LEVEL: "info" });
  try {
    results.push(...(await loadApp("PGlite (file)", pgliteApp)));
  } finally {
    await pgliteApp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const debit = results.find((result) => result.label.startsWith("debit") && result.label.includes("PostgreSQL"));
  const lines = [
    "# Performance",
    "",
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}.`,
    `autocannon in its own process, ${connections} connections, ${seconds} s per run after a 2 s warm-up; the app is \`next start\` with request logging on (LOG_LEVEL=info).`,
    "Latencies in milliseconds. Ratio: throughput over the same-run baseline.",
    "The baseline runs the debit's own SQL (server/loyalty/ledger/post-journal-entry.ts: one statement that updates the balance conditionally and writes the journal row) behind a bare node:http + pg server; the load spreads over the sandbox members who can log in, as the real scenarios do.",
    "",
    "| Scenario | Requests/s | Ratio | p50 | p99 | Responses |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    row(baseline, baseline),
    ...results.map((result) => row(result, baseline)),
    "",
    "Target (issue 4): the real debit route at least 0.2× the baseline's throughput, with p99 under 100 ms at 32 connections.",
    debit
      ? `This run: ${(debit.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}× the baseline, p99 ${debit.p99} ms: ${
          debit.requestsPerSecond / baseline.requestsPerSecond >= 0.2 && debit.p99 < 100 ? "met" : "NOT met"
        }.`
      : "",
    "",
  ];
  writeFileSync("docs/performance.md", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * `npm run db:reset`: puts the configured database (DATABASE_URL, else the
 * embedded one under PGLITE_DATA_DIR) back to exactly the public sandbox.
 * Run with the `react-server` condition so that modules guarded by
 * `server-only` (the environment module) load outside Next.js.
 */
import { count } from "drizzle-orm";
import { env } from "@/server/config/env";
import { connectDatabase } from "@/server/db/connect";
import { transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { resetEverything } from "./reset-everything";

async function main(): Promise<void> {
  const config = env();
  const handle = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.PGLITE_DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    await resetEverything(handle);
    const [[partnerCount], [memberCount], [transactionCount]] = await Promise.all([
      handle.db.select({ n: count() }).from(partners),
      handle.db.select({ n: count() }).from(members),
      handle.db.select({ n: count() }).from(transactions),
    ]);
    const target = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${config.PGLITE_DATA_DIR}`;
    const summary = `${partnerCount?.n} partners, ${memberCount?.n} members, ${transactionCount?.n} transactions`;
    console.log(`Sandbox reset on ${target}: ${summary}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error("Sandbox reset failed:", error);
  process.exitCode = 1;
});

import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { seedSandbox } from "./seed-sandbox";

/** Seeds the sandbox into a database that holds no partner yet (first start). */
export async function ensureSandboxSeeded(db: Database): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(partners);
  if ((row?.count ?? 0) > 0) return;
  await seedSandbox(db);
}

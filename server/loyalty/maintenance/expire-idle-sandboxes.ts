import { eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { deleteDeveloperSandbox } from "@/server/loyalty/developers/delete-developer-sandbox";
import { lastActivitySql, sandboxExpiryPolicy } from "@/server/loyalty/developers/sandbox-expiry";
import { logger } from "@/server/observability/logger";

/** Sandboxes deleted per pass at most: a pass stays short; the next one takes the rest. */
const sandboxesPerPass = 50;

/**
 * Deletes the developer sandboxes nobody used for DEVELOPER_SANDBOX_IDLE_DAYS
 * (no developer sign-in, no request with their keys), with everything their
 * developers owned (deleteDeveloperSandbox), one transaction each, and
 * answers how many went. Only partners marked as a developer's sandbox are
 * looked at. Each sandbox is locked and judged again inside its
 * transaction, so a sign-in or a request that lands meanwhile keeps it, and
 * instances running this at once delete each sandbox once. A sandbox whose
 * deletion fails is logged and left for the next pass.
 */
export async function expireIdleSandboxes(
  db: Database,
  now: Date = new Date(),
  policy = sandboxExpiryPolicy(),
): Promise<number> {
  const cutoff = sql`${new Date(now.getTime() - policy.idleDays * 86_400_000).toISOString()}::timestamptz`;
  const idle = rowsOf<{ id: number }>(
    await db.execute(sql`
      select p.id from loyalty.partners p
      where p.developer_sandbox and ${lastActivitySql} < ${cutoff}
      order by p.id
      limit ${sandboxesPerPass}
    `),
  );
  let deleted = 0;
  for (const { id } of idle) {
    try {
      const gone = await db.transaction(async (tx) => {
        // The developer's account and the partner's row, locked: a sign-in's write waits here (or landed
        // before and counts), and a second instance waits, then finds the sandbox gone or no longer idle.
        await tx.execute(sql`select id from loyalty.developer_accounts where partner_id = ${id} for update`);
        const [stillIdle] = rowsOf<{ id: number }>(
          await tx.execute(sql`
            select p.id from loyalty.partners p
            where p.id = ${id} and p.developer_sandbox and ${lastActivitySql} < ${cutoff}
            for update of p
          `),
        );
        if (!stillIdle) return false;
        const [partner] = await tx.select().from(partners).where(eq(partners.id, id));
        await deleteDeveloperSandbox(tx, partner!);
        return true;
      });
      if (gone) deleted += 1;
    } catch (error) {
      logger.warn({ err: error, partnerId: id }, "an idle developer sandbox could not be deleted");
    }
  }
  return deleted;
}

import { eq, sql, type SQL } from "drizzle-orm";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { partners } from "@/server/loyalty/partners/partner-tables";

const dayMs = 86_400_000;

/** How long an idle developer sandbox is kept, and from when before its end the console warns. */
export interface SandboxExpiryPolicy {
  idleDays: number;
  warningDays: number;
}

export function sandboxExpiryPolicy(): SandboxExpiryPolicy {
  const config = env();
  return { idleDays: config.DEVELOPER_SANDBOX_IDLE_DAYS, warningDays: config.DEVELOPER_SANDBOX_WARNING_DAYS };
}

export interface SandboxExpiry {
  /** When the sandbox was last used: a developer sign-in, a request with its api_key or a client secret's use. */
  lastActiveAt: Date;
  /** When it is deleted unless it is used before. */
  deletesAt: Date;
  /** Within the warning days before `deletesAt`: the console says so. */
  warn: boolean;
}

/** When a sandbox last used at `lastActiveAt` is deleted, and whether the console warns now. */
export function sandboxExpiry(lastActiveAt: Date, now: Date, policy = sandboxExpiryPolicy()): SandboxExpiry {
  const deletesAt = new Date(lastActiveAt.getTime() + policy.idleDays * dayMs);
  return { lastActiveAt, deletesAt, warn: deletesAt.getTime() - now.getTime() <= policy.warningDays * dayMs };
}

/**
 * A sandbox partner's last activity, in SQL over `loyalty.partners` as `p`:
 * the latest of its developer's creation and last sign-in, its api keys'
 * last use and its OAuth clients' last use (columns the service writes
 * anyway, at most every 10 seconds per key: tracking costs the partner
 * operations nothing more). Never earlier than the partner's creation.
 */
export const lastActivitySql: SQL = sql`greatest(
  p.created_at,
  (select max(greatest(d.created_at, coalesce(d.last_signed_in_at, d.created_at)))
     from loyalty.developer_accounts d where d.partner_id = p.id),
  (select max(k.last_used_at) from loyalty.api_keys k where k.partner_id = p.id),
  (select max(c.last_used_at) from loyalty.oauth_clients c where c.partner_id = p.id)
)`;

/** The expiry of a developer's own sandbox partner; undefined for a partner that is not one (the Demo Partner). */
export async function findSandboxExpiry(
  db: Database,
  partnerId: number,
  now: Date,
  policy = sandboxExpiryPolicy(),
): Promise<SandboxExpiry | undefined> {
  const [partner] = await db
    .select({ developerSandbox: partners.developerSandbox })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .limit(1);
  if (!partner?.developerSandbox) return undefined;
  const result = await db.execute(
    sql`select ${lastActivitySql} as last_active_at from loyalty.partners p where p.id = ${partnerId}`,
  );
  const [row] = rowsOf<{ last_active_at: Date | string }>(result);
  if (!row) return undefined;
  return sandboxExpiry(new Date(row.last_active_at), now, policy);
}

import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import { clockWithOffset, realClock, type SandboxClock } from "./sandbox-clock";
import { sandboxClocks } from "./sandbox-clock-tables";

export type ClockedPartner = Pick<Partner, "id" | "developerSandbox">;

/**
 * The clock a partner's rules read: its sandbox's when it is a developer's
 * sandbox and the request came with a staging key (or from its own members
 * and clients, which only a sandbox has), real time for everyone else. Read
 * from the database each time, never cached, so every instance agrees the
 * moment a clock moves. A live key keeps real time whatever any clock says.
 */
export async function readSandboxClock(
  db: Database,
  partner: ClockedPartner,
  environment: "staging" | "live" = "staging",
): Promise<SandboxClock> {
  if (!partner.developerSandbox || environment !== "staging") return realClock;
  const [row] = await db
    .select({ offsetMs: sandboxClocks.offsetMs })
    .from(sandboxClocks)
    .where(eq(sandboxClocks.partnerId, partner.id))
    .limit(1);
  return row && row.offsetMs > 0 ? clockWithOffset(row.offsetMs) : realClock;
}

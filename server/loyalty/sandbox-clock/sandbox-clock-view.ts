import type { Database } from "@/server/db/connect";
import type { SandboxClockView } from "@/lib/developers/sandbox-clock-schema";
import { readSandboxClock, type ClockedPartner } from "./read-sandbox-clock";

/** What the console shows of a partner's clock: the Demo Partner's keeps real time and cannot be moved. */
export async function sandboxClockView(db: Database, partner: ClockedPartner): Promise<SandboxClockView> {
  const clock = await readSandboxClock(db, partner);
  return { sandboxTime: clock.now().toISOString(), offsetMs: clock.offsetMs, movable: partner.developerSandbox };
}

"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import type { ConsoleAnswer } from "@/lib/developers/console-action-schemas";
import { advanceClockInput } from "@/lib/developers/sandbox-clock-schema";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { advanceSandboxClock } from "@/server/loyalty/sandbox-clock/advance-sandbox-clock";
import { logger } from "@/server/observability/logger";
import { developerAction, field } from "../developer-action";

const publicClock =
  "The Demo Partner's sandbox keeps real time for everyone; sign up for a sandbox of your own to move its clock.";

/**
 * Moves the signed-in developer's sandbox clock forward (never back: "Back
 * to real time" is the reset). Only the developer's own partner's clock moves,
 * and the move is logged with who made it.
 */
export const advanceClockAction = developerAction(
  {
    name: "advance-sandbox-clock",
    session: "redirect",
    ownSandboxOnly: publicClock,
    read: (form) => ({ amount: field(form, "amount"), unit: field(form, "unit") }),
    input: advanceClockInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const moved = await advanceSandboxClock(await getDatabase(), developer.partner, input.byMs);
    if (moved.outcome === "not-a-developer-sandbox") return refusal("forbidden", publicClock);
    if (moved.outcome === "too-far")
      return refusal(
        "refused",
        "Your sandbox's clock is already as far ahead as it can go (five years). Go back to real time to start again.",
      );
    logger.info(
      {
        developer: developer.account.id,
        partner: developer.partner.partnerIdentifier,
        byMs: input.byMs,
        offsetMs: moved.clock.offsetMs,
      },
      "developer moved the sandbox clock",
    );
    revalidatePath("/developers");
    const unit = input.amount === 1 ? input.unit.slice(0, -1) : input.unit;
    return { message: `Moved forward ${input.amount} ${unit}.` };
  },
);

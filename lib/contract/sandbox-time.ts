import { z } from "zod";

/**
 * The answer header that carries a developer sandbox's moved clock: every
 * answer made on a clock the console moved forward says the sandbox's time,
 * so a partner's logs show what time its request was taken at. Absent on
 * real time (live keys, the Demo Partner, a clock never moved or reset).
 */
export const sandboxTimeHeader = "X-Sandbox-Time";

export const sandboxTimeHeaderSchema = z.string().optional().meta({
  description:
    "Sandbox only: present when the developer sandbox's clock was moved forward in the console. The sandbox's time the request was taken at (ISO 8601, UTC, milliseconds), which every time rule of the request read: transaction dates, the reversal window, token and code lifetimes. Absent on real time (live keys, the Demo Partner). See the guide Testing time.",
  example: "2026-03-02T10:15:00.000Z",
});

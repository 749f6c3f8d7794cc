import { sql } from "drizzle-orm";
import { bigint, check, integer, timestamp } from "drizzle-orm/pg-core";
import { loyalty } from "@/server/loyalty/db/loyalty-schema";
import { partners } from "@/server/loyalty/partners/partner-tables";

/**
 * A developer sandbox's clock: how far ahead of real time it runs. Absent
 * means real time. The offset only grows (advanceSandboxClock); going back
 * to real time deletes the row together with the sandbox's journal (the
 * reset), so no entry is ever dated after the time the sandbox reads next.
 * Read from the database on every request: every instance sees one clock.
 */
export const sandboxClocks = loyalty.table(
  "sandbox_clocks",
  {
    partnerId: integer("partner_id")
      .primaryKey()
      .references(() => partners.id, { onDelete: "cascade" }),
    /** Milliseconds the sandbox's time runs ahead of real time; never negative. */
    offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
    /** Real time of the last advance. */
    advancedAt: timestamp("advanced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("sandbox_clocks_offset_not_negative", sql`${t.offsetMs} >= 0`)],
);

export type SandboxClockRow = typeof sandboxClocks.$inferSelect;

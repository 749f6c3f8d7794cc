import { integer, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { loyalty } from "@/server/loyalty/db/loyalty-schema";

/** Fixed-window request counters, shared by every instance (USAGE_RATE_EXCEEDED). */
export const rateLimitWindows = loyalty.table(
  "rate_limit_windows",
  {
    bucket: varchar("bucket", { length: 100 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    requests: integer("requests").notNull().default(0),
    /** When the window is over and its row may be purged. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

import { integer, timestamp, varchar } from "drizzle-orm/pg-core";
import { loyalty } from "@/server/loyalty/db/loyalty-schema";

/** Failed logins per username, shared by every app instance. */
export const loginThrottles = loyalty.table("login_throttles", {
  username: varchar("username", { length: 50 }).primaryKey(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

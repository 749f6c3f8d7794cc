import { pgSchema, timestamp } from "drizzle-orm/pg-core";

/** Everything the loyalty service owns lives in its own Postgres schema; each area keeps its tables beside its code. */
export const loyalty = pgSchema("loyalty");

/** The `created_at` column most of the service's tables carry. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

import { sql } from "drizzle-orm";
import { boolean, check, integer, primaryKey, smallint, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";
import { members } from "./member-tables";

export const securityProfiles = loyalty.table("security_profiles", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer("member_id")
    .notNull()
    .unique()
    .references(() => members.id, { onDelete: "cascade" }),
  /** Upper-case ASCII, unique across all members. */
  username: varchar("username", { length: 50 }).notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  passwordExpired: boolean("password_expired").notNull().default(false),
  createdAt: createdAt(),
});

export const securityResponses = loyalty.table(
  "security_responses",
  {
    securityProfileId: integer("security_profile_id")
      .notNull()
      .references(() => securityProfiles.id, { onDelete: "cascade" }),
    questionId: smallint("question_id").notNull(),
    responseHash: text("response_hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.securityProfileId, t.questionId] }),
    check("security_responses_question_range", sql`${t.questionId} between 1 and 12`),
  ],
);

export type SecurityProfile = typeof securityProfiles.$inferSelect;

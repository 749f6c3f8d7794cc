import { bigint, index, integer, jsonb, real, smallint, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { loyalty } from "@/server/loyalty/db/loyalty-schema";
import { partners } from "@/server/loyalty/partners/partner-tables";

/**
 * The partner's request log: one row per partner operation answered, for the
 * partner's own support (the developer console) and ours. Never a token or a
 * key: the path keeps only the query parameters that cannot be secret. Rows
 * are written in batches (server/loyalty/request-log) and purged after 7 days.
 */
export const requestLog = loyalty.table(
  "request_log",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    /** The api_key's environment: a staging key reads only staging rows. */
    environment: varchar("environment", { length: 10 }).notNull().$type<"staging" | "live">(),
    /** The `X-Request-Id` of the answer (a UUID), the reference every error gives. */
    requestId: uuid("request_id").notNull(),
    /** The operation's kebab-case name, e.g. `debit-currency`; `unknown-path` for paths no operation serves. */
    operation: varchar("operation", { length: 40 }).notNull(),
    method: varchar("method", { length: 10 }).notNull(),
    /** Path and the query parameters that are kept (never api_key). */
    path: varchar("path", { length: 600 }).notNull(),
    status: smallint("status").notNull(),
    /** The error's `code` and its first child's, when the answer was an error. */
    errorCode: varchar("error_code", { length: 60 }),
    childErrorCode: varchar("child_error_code", { length: 60 }),
    durationMs: real("duration_ms").notNull(),
    /** When the request arrived. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /**
     * Staging keys only: the JSON request and answer bodies with secrets and
     * personal data redacted (lib/developers/redact-body.ts), for the
     * developer console; never recorded for live keys.
     */
    requestBody: jsonb("request_body"),
    responseBody: jsonb("response_body"),
    /** The `X-Sandbox-Scenario` the answer was forced by, if any. */
    scenario: varchar("scenario", { length: 60 }),
    /**
     * Staging keys only: the request headers a replay needs
     * (lib/developers/logged-request.ts), Authorization as its scheme alone.
     */
    requestHeaders: jsonb("request_headers"),
    /**
     * The answer's headers a partner's code acts on (lib/developers/logged-request.ts: `Retry-After`,
     * `Idempotent-Replayed`, the sandbox clock's): what the go-live checklist reads to tell a retry was respected.
     */
    responseHeaders: jsonb("response_headers"),
  },
  (t) => [
    index("request_log_partner_time_idx").on(t.partnerId, t.requestedAt),
    index("request_log_request_id_idx").on(t.requestId),
  ],
);

export type RequestLogRow = typeof requestLog.$inferSelect;

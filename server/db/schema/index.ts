/**
 * Every table of the schema `loyalty`, for drizzle-kit and for code written before the tables moved beside their
 * areas' code: new code imports the area's own file (e.g. server/loyalty/ledger/ledger-tables.ts).
 */
export * from "../../loyalty/db/loyalty-schema";
export * from "../../loyalty/developers/developer-tables";
export * from "../../loyalty/events/event-tables";
export * from "../../loyalty/idempotency/idempotency-tables";
export * from "../../loyalty/ledger/ledger-tables";
export * from "../../loyalty/login/login-tables";
export * from "../../loyalty/members/member-tables";
export * from "../../loyalty/members/security-profile-tables";
export * from "../../loyalty/oauth/client-tables";
export * from "../../loyalty/oauth/token-tables";
export * from "../../loyalty/partners/partner-tables";
export * from "../../loyalty/programmes/programme-tables";
export * from "../../loyalty/rate-limits/rate-limit-tables";
export * from "../../loyalty/request-log/request-log-tables";
export * from "../../loyalty/rules/rule-tables";
export * from "../../loyalty/sandbox-clock/sandbox-clock-tables";

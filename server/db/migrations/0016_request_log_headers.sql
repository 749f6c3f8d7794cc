-- The request headers "Copy as curl" needs to send a logged request again (staging keys only):
-- Content-Type, Accept, Idempotency-Key, X-Agent-Id, X-Sandbox-Scenario, and Authorization's scheme, never its credential.
ALTER TABLE "loyalty"."request_log" ADD COLUMN "request_headers" jsonb;

import "server-only";
import pino from "pino";
import { env } from "@/server/config/env";

/** Structured JSON logs on stdout; one line per partner request, internal errors in full. */
export const logger = pino({
  level: env().LOG_LEVEL,
  base: { service: "loyalty" },
  redact: { paths: ["apiKey", "authorization", "*.authorization", "*.password"], censor: "[redacted]" },
});

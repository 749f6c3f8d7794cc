import { eventPayload } from "@/lib/contract/webhook-events";
import type { Database } from "@/server/db/connect";
import { env } from "@/server/config/env";
import { isBuiltInReceiver, privateTargetsAllowed } from "../delivery-address-policy";
import { claimDeliveries } from "./claim-deliveries";
import { postWebhook } from "./post-webhook";
import { recordAttempt, type AttemptResult } from "./record-attempt";
import { webhookHeaders } from "./sign-webhook";

export interface DeliveryPassReport {
  claimed: number;
  results: Partial<Record<AttemptResult, number>>;
}

const userAgent = "LoyaltySandbox-Webhooks/1.0 (+Standard Webhooks)";

/**
 * One pass: claim the due deliveries (a short transaction), post each
 * after the commit, in parallel, then record each attempt (another short
 * transaction). No transaction is open while a partner's server answers.
 */
export async function deliverDue(db: Database, now: () => Date = () => new Date()): Promise<DeliveryPassReport> {
  const config = env();
  const claims = await claimDeliveries(db, now(), {
    leaseMs: config.WEBHOOK_WORKER_LEASE_MS,
    batch: config.WEBHOOK_WORKER_BATCH,
  });
  const report: DeliveryPassReport = { claimed: claims.length, results: {} };
  await Promise.all(
    claims.map(async (claim) => {
      const body = eventPayload({
        type: claim.eventType,
        createdAt: claim.eventCreatedAt,
        data: claim.eventData,
        test: claim.eventTest,
      });
      const attemptedAt = now();
      const outcome = await postWebhook(
        claim.url,
        webhookHeaders(claim.eventId, body, claim.secrets, attemptedAt),
        body,
        {
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          allowPrivate: privateTargetsAllowed() || isBuiltInReceiver(claim.url),
          userAgent,
        },
      );
      const result = await recordAttempt(db, claim, outcome, attemptedAt, {
        scheduleSeconds: config.WEBHOOK_RETRY_SCHEDULE,
        jitter: config.WEBHOOK_RETRY_JITTER,
      });
      report.results[result] = (report.results[result] ?? 0) + 1;
    }),
  );
  return report;
}

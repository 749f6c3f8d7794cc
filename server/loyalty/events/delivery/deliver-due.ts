import { eventPayload } from "@/lib/contract/webhook-events";
import type { Database } from "@/server/db/connect";
import { env, type Environment } from "@/server/config/env";
import { countDeliveryAttempt } from "@/server/loyalty/metrics/count-delivery-attempt";
import { isBuiltInReceiver, privateTargetsAllowed } from "../delivery-address-policy";
import { claimDeliveries, type ClaimedDelivery } from "./claim-deliveries";
import { postWebhook } from "./post-webhook";
import { recordAttempt, type AttemptResult } from "./record-attempt";
import { webhookHeaders } from "./sign-webhook";

export interface DeliveryPassReport {
  claimed: number;
  results: Partial<Record<AttemptResult, number>>;
}

export interface DeliveryPassOptions {
  /** Ends the pass: nothing more is claimed, and the posts under way finish. */
  signal?: AbortSignal;
  /** How often to look for deliveries that fall due while posts are under way. */
  intervalMs?: number;
  /** Called at each claim, so a pass that runs as long as work keeps coming still reads as alive (readiness). */
  onProgress?: () => void;
}

const userAgent = "LoyaltySandbox-Webhooks/1.0 (+Standard Webhooks)";

/**
 * One pass: delivers what is due until nothing is left to claim and no post
 * is under way. At most WEBHOOK_WORKER_CONCURRENCY posts are in flight; the
 * pass claims again (claimDeliveries, fair across partners and endpoints) as
 * soon as one ends, and every intervalMs while posts are under way, so one
 * slow post never holds back the claims of others. Each post happens after
 * its claim's commit and is recorded in another short transaction: no
 * transaction is open while a partner's server answers.
 */
export async function deliverDue(
  db: Database,
  now: () => Date = () => new Date(),
  options: DeliveryPassOptions = {},
): Promise<DeliveryPassReport> {
  const config = env();
  const intervalMs = options.intervalMs ?? config.WEBHOOK_WORKER_INTERVAL_MS;
  const report: DeliveryPassReport = { claimed: 0, results: {} };
  const inFlight = new Set<Promise<void>>();
  const failures: unknown[] = [];
  // Set when a post ends (or the pass is asked to stop), so the loop claims at once rather than after intervalMs.
  let woken = false;
  let wake: (() => void) | undefined;
  const rouse = () => {
    woken = true;
    wake?.();
  };
  options.signal?.addEventListener("abort", rouse, { once: true });

  try {
    while (!options.signal?.aborted) {
      woken = false;
      options.onProgress?.();
      const free = config.WEBHOOK_WORKER_CONCURRENCY - inFlight.size;
      const asked = Math.min(free, config.WEBHOOK_WORKER_BATCH);
      const claims =
        asked > 0
          ? await claimDeliveries(db, now(), {
              leaseMs: config.WEBHOOK_WORKER_LEASE_MS,
              batch: asked,
              partnerInFlight: config.WEBHOOK_PARTNER_IN_FLIGHT,
              endpointInFlight: config.WEBHOOK_ENDPOINT_IN_FLIGHT,
            })
          : [];
      report.claimed += claims.length;
      for (const claim of claims) {
        const post: Promise<void> = deliverClaim(db, claim, config, now)
          .then((result) => {
            report.results[result] = (report.results[result] ?? 0) + 1;
          })
          .catch((error: unknown) => {
            // The lease ends by itself and another claim takes the delivery again.
            failures.push(error);
          })
          .finally(() => {
            inFlight.delete(post);
            rouse();
          });
        inFlight.add(post);
      }
      if (inFlight.size === 0 && claims.length === 0) break;
      // A full claim with room left: more is probably due, so claim again at once.
      if (claims.length > 0 && claims.length === asked && inFlight.size < config.WEBHOOK_WORKER_CONCURRENCY) continue;
      if (!woken) await nap(intervalMs, (resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    options.signal?.removeEventListener("abort", rouse);
    await Promise.all(inFlight);
  }
  if (failures.length > 0) throw failures[0];
  return report;
}

/** Waits `ms`, or less when the wake-up it hands out is called. */
function nap(ms: number, handOut: (resolve: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    handOut(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Posts one claimed delivery and records the attempt. */
async function deliverClaim(
  db: Database,
  claim: ClaimedDelivery,
  config: Environment,
  now: () => Date,
): Promise<AttemptResult> {
  const body = eventPayload({
    type: claim.eventType,
    createdAt: claim.eventCreatedAt,
    data: claim.eventData,
    test: claim.eventTest,
  });
  const attemptedAt = now();
  const outcome = await postWebhook(claim.url, webhookHeaders(claim.eventId, body, claim.secrets, attemptedAt), body, {
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: privateTargetsAllowed() || isBuiltInReceiver(claim.url),
    userAgent,
  });
  const result = await recordAttempt(db, claim, outcome, attemptedAt, {
    scheduleSeconds: config.WEBHOOK_RETRY_SCHEDULE,
    jitter: config.WEBHOOK_RETRY_JITTER,
  });
  countDeliveryAttempt(result, outcome.status);
  return result;
}

import "server-only";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import type { AuditAction } from "@/lib/portal/staff/audit-actions";
import {
  LoyaltyApiError,
  LoyaltyContractError,
  LoyaltyTokenError,
  LoyaltyUnavailableError,
} from "@/lib/loyalty-client/errors";
import { logger } from "@/server/observability/logger";

/**
 * A refusal a domain function words itself (the saga said no, the service
 * refused an element): answered to the form, recorded as `failed` when it
 * happens around a remote call.
 */
export class StaffRefusal extends Error {
  readonly fieldErrors?: Record<string, string>;
  readonly code: "refused" | "invalid";

  constructor(message: string, options: { fieldErrors?: Record<string, string>; code?: "refused" | "invalid" } = {}) {
    super(message);
    this.name = "StaffRefusal";
    this.fieldErrors = options.fieldErrors;
    this.code = options.code ?? "refused";
  }
}

/** The service is still running the first request under the same Idempotency-Key: nothing is decided yet. */
const stillRunning = (error: unknown): boolean =>
  error instanceof LoyaltyApiError && error.has("IDEMPOTENCY_KEY_IN_PROGRESS");

/**
 * An outcome nobody can know yet (the service did not answer in time, or is
 * still running the same request): recorded as `unknown`, not `failed`.
 */
export const isUnknownOutcome = (error: unknown): boolean =>
  error instanceof LoyaltyUnavailableError || error instanceof LoyaltyContractError || stillRunning(error);

/**
 * The console's failures in its own words: a refusal the domain worded, the
 * service's refusals and silences. Anything else is left to the action
 * builder, which logs it with the reference and answers `failed`.
 */
export function staffFailure(error: unknown, action: AuditAction, requestId: string): ActionRefusal | undefined {
  if (error instanceof StaffRefusal)
    return refusal(error.code, error.message, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {});
  if (stillRunning(error))
    return refusal("unavailable", "The loyalty service is still working on this. Wait a minute, then try again.");
  if (error instanceof LoyaltyApiError) {
    if (error.status === 429)
      return refusal("unavailable", "The loyalty service is busy. Wait a minute, then try again.");
    if (error.status >= 500 || error.code.startsWith("DEVELOPER_")) {
      logger.error({ action, requestId, status: error.status, code: error.code }, "the service refused the console");
      return refusal("unavailable", "The loyalty service is not available at the moment. Try again in a few minutes.");
    }
    return refusal("refused", `The loyalty service refused: ${error.body.businessMessage}`);
  }
  if (
    error instanceof LoyaltyUnavailableError ||
    error instanceof LoyaltyContractError ||
    error instanceof LoyaltyTokenError
  ) {
    logger.warn({ action, requestId, err: error }, "the loyalty service could not be used by the console");
    return refusal(
      "unavailable",
      "The loyalty service did not answer. The change may or may not have been made: check before trying again.",
    );
  }
  return undefined;
}

/** What the audit row says about a failure: codes, never a stack or a secret. */
export function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof StaffRefusal) return { kind: "refused", message: error.message };
  if (error instanceof LoyaltyApiError)
    return { kind: "service", status: error.status, code: error.code, children: error.childErrors.map((c) => c.code) };
  if (error instanceof LoyaltyUnavailableError) return { kind: "unavailable" };
  if (error instanceof LoyaltyContractError) return { kind: "contract", status: error.status };
  return { kind: "unexpected", name: error instanceof Error ? error.name : typeof error };
}

import "server-only";
import { LoyaltyApiError, LoyaltyContractError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import { logger } from "@/server/observability/logger";
import { endSessionAndLogIn } from "@/server/portal/auth/member-session";

/** What a member page can say about a failed call to the service. */
export type ServiceFailure = { kind: "unavailable" } | { kind: "refused"; message: string };

/**
 * Turns an error of the loyalty client into something a page can show. A
 * 401 means the member's token is no longer accepted: the session ends and
 * the member is sent to sign in again. Anything that is not the client's
 * error is rethrown for the error boundary (which shows no details).
 */
export async function serviceFailure(error: unknown): Promise<ServiceFailure> {
  if (error instanceof LoyaltyApiError && error.status === 401) {
    logger.info({ code: error.code }, "member token refused: session ended");
    return endSessionAndLogIn("session-expired");
  }
  if (error instanceof LoyaltyUnavailableError || error instanceof LoyaltyContractError) {
    logger.warn({ err: error }, "loyalty service unavailable to the portal");
    return { kind: "unavailable" };
  }
  if (error instanceof LoyaltyApiError) {
    logger.warn({ code: error.code, status: error.status }, "loyalty service refused a portal request");
    return { kind: "refused", message: error.body.businessMessage };
  }
  throw error;
}

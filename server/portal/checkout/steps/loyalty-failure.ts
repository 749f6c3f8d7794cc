import {
  LoyaltyApiError,
  LoyaltyContractError,
  LoyaltyTokenError,
  LoyaltyUnavailableError,
} from "@/lib/loyalty-client/errors";

/**
 * What the loyalty client throws for a call itself (a refusal, no answer, an
 * answer outside the contract, the partner's client token refused): the
 * step judges these. Anything else (a crash, the database) goes up.
 */
export function isLoyaltyFailure(
  error: unknown,
): error is LoyaltyApiError | LoyaltyUnavailableError | LoyaltyContractError | LoyaltyTokenError {
  return (
    error instanceof LoyaltyApiError ||
    error instanceof LoyaltyUnavailableError ||
    error instanceof LoyaltyContractError ||
    error instanceof LoyaltyTokenError
  );
}

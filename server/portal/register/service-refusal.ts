import "server-only";
import { sentence } from "@/lib/forms/field-errors";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { logger } from "@/server/observability/logger";

export const serviceUnavailableMessage =
  "The loyalty service is not available at the moment. Nothing was changed; please try again in a few minutes.";

/**
 * Messages by request path from a refusal's children. A child whose code
 * has a wording of its own (`byCode`) gets it; any other keeps the
 * service's message, which for validation is the contract's rule.
 */
export function childFieldErrors(
  error: LoyaltyApiError,
  byCode: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const child of error.childErrors) {
    if (!child.path || fields[child.path]) continue;
    fields[child.path] = byCode[child.code] ?? sentence(child.developerMessage ?? child.businessMessage);
  }
  return fields;
}

/**
 * What the member is told when the failure is not about their input: the
 * service unreachable or broken, the partner's own credentials refused, too
 * many requests. Logged, since only an operator can act on most of them.
 * Returns undefined for a refusal of the input, which the caller words.
 */
export function outageRefusal(error: unknown, operation: string): ActionRefusal | undefined {
  if (error instanceof LoyaltyApiError) {
    if (error.status === 429)
      return refusal(
        "unavailable",
        "Too many requests reach the loyalty service right now. Wait a minute, then try again.",
      );
    const partnerProblem = error.code.startsWith("DEVELOPER_");
    if (error.status < 500 && !partnerProblem) return undefined;
    logger.error(
      { operation, status: error.status, code: error.code },
      "the loyalty service refused the portal's request",
    );
    return refusal("unavailable", serviceUnavailableMessage);
  }
  logger.error({ operation, err: error }, "the loyalty service could not be used");
  return refusal("unavailable", serviceUnavailableMessage);
}

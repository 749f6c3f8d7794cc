import "server-only";
import { nameShopMovements } from "@/server/portal/transactions/name-shop-movements";
import type { AccountResponse } from "@/lib/contract/retrieve-account";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { LoyaltyApiError, LoyaltyContractError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import { toTransactionRows, type TransactionRow } from "@/lib/portal/transaction-rows";
import { logger } from "@/server/observability/logger";
import { transactionsVariant } from "@/server/portal/transactions/load-transactions";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { staffAgent } from "./staff-agent";
import type { StaffSession } from "./staff-session";

/** One read of the service for the console: the value, or what stands in its place on the page. */
export type ServiceRead<T> =
  { ok: true; value: T } | { ok: false; problem: "not-found" | "unavailable" | "refused"; message?: string };

/** Transactions the member page shows: the latest 20 (the primary variant's whole range). */
export const staffTransactionCount = 20;

/**
 * Turns a failed agent read into what the page says. The service answers
 * an agent 401 UNAUTHORIZED for a membership it may not reach (unknown,
 * another partner's): to the console, no such member of ours.
 */
function readFailure(error: unknown, operation: string): ServiceRead<never> {
  if (error instanceof LoyaltyApiError) {
    if (error.status === 401 && error.has("UNAUTHORIZED")) return { ok: false, problem: "not-found" };
    if (error.status >= 500 || error.status === 429 || error.code.startsWith("DEVELOPER_")) {
      logger.warn({ operation, status: error.status, code: error.code }, "the service refused a console read");
      return { ok: false, problem: "unavailable" };
    }
    return { ok: false, problem: "refused", message: error.body.businessMessage };
  }
  if (error instanceof LoyaltyUnavailableError || error instanceof LoyaltyContractError) {
    logger.warn({ operation, err: error }, "the service could not answer a console read");
    return { ok: false, problem: "unavailable" };
  }
  throw error;
}

/** The member's profile from the membership read model, as the agent. */
export async function readMemberProfile(
  staff: StaffSession,
  membershipNumber: string,
): Promise<ServiceRead<MembershipResponse>> {
  try {
    return { ok: true, value: await loyaltyService().retrieveMembershipAsAgent(membershipNumber, staffAgent(staff)) };
  } catch (error) {
    return readFailure(error, "retrieve-membership");
  }
}

/** Balance and status (P2) in the membership's own programme, as the agent. */
export async function readMemberAccount(
  staff: StaffSession,
  programme: string,
  membershipNumber: string,
): Promise<ServiceRead<AccountResponse>> {
  try {
    return {
      ok: true,
      value: await loyaltyService().retrieveAccountAsAgent(programme, membershipNumber, staffAgent(staff)),
    };
  } catch (error) {
    return readFailure(error, "retrieve-account");
  }
}

/** The latest transactions (P3, the form with the account in the path), as the agent. */
export async function readMemberTransactions(
  staff: StaffSession,
  programme: string,
  membershipNumber: string,
): Promise<ServiceRead<TransactionRow[]>> {
  try {
    const answer = await loyaltyService().retrieveTransactionsAsAgent(
      transactionsVariant(programme),
      programme,
      membershipNumber,
      { startRecord: 1, endRecord: staffTransactionCount },
      staffAgent(staff),
    );
    // The shop's own movements are named by product and order, not by the reference the spec's fields allow.
    return { ok: true, value: await nameShopMovements(membershipNumber, toTransactionRows(answer)) };
  } catch (error) {
    return readFailure(error, "retrieve-transactions");
  }
}

/** The membership's own programme: the read model lists it first. */
export function ownProgramme(membership: MembershipResponse): string | undefined {
  return membership.programmes[0]?.identifier;
}

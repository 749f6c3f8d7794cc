import "server-only";
import type { ClientTokenSource } from "@/lib/loyalty-client/client-token-provider";
import type { LoyaltyClient } from "@/lib/loyalty-client/loyalty-client";
import type { PaymentsClient } from "@/lib/payments-client/payments-client";
import { env } from "@/server/config/env";
import { logger } from "@/server/observability/logger";
import { partnerClientTokens } from "@/server/portal/agent-tokens";
import { openToken, sealToken } from "@/server/portal/auth/token-cipher";
import { getPortalDatabase, type Database } from "@/server/portal/db/portal-database";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { paymentsService } from "@/server/portal/payments-service";
import type { FaultSwitch } from "./fault-switch";

const hour = 3_600_000;

export interface CheckoutSettings {
  /** The service's reversal window: a debit older than this can no longer be reversed. */
  reversalWindowMs: number;
  /** Taken from the window's end: after it an unsettled order needs attention and cancelling ends. */
  reversalMarginMs: number;
  /** How long a claimed order stays with the member's request or a worker. */
  leaseMs: number;
  /** Orders claimed per pass of the worker. */
  batchSize: number;
  /** X-Agent-Id of the saga's own calls as the partner (reversals, the debit lookup). */
  agentId: string;
  /** How long a second submission of the same checkout waits for the first to settle before it answers. */
  duplicateWaitMs: number;
  /**
   * How old a debit attempt must be before its absence from the member's
   * transactions (P3) proves it never happened: longer than the client's
   * timeout and the service's 30-second idempotency lease together. A card
   * payment asked for in one charge is proved absent the same way: nothing
   * under its key once a lease and this long have passed since the order's
   * last change.
   */
  debitSettleMs: number;
  /** How long after an authorisation's lost answer (while the member waited) the worker first asks the processor. */
  unknownChargeGraceMs: number;
}

/** What the saga writes to the log: structured fields, never a token or a card number. */
export interface CheckoutLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** How the member's access token is kept on the order until the debit's outcome is known. */
export interface TokenVault {
  seal(token: string): string;
  open(sealed: string): string | undefined;
}

/**
 * Everything the saga reaches outside its own code, injected so tests can
 * hand in in-process fetches, a clock and a fault switch. Production code
 * passes nothing and gets the defaults below.
 */
export interface CheckoutDeps {
  db: Database;
  loyalty: Pick<LoyaltyClient, "debitAccount" | "reverseDebitAsAgent" | "retrieveTransactionsAsAgent">;
  payments: Pick<
    PaymentsClient,
    | "findChargeByIdempotencyKey"
    | "refund"
    | "retrieveCardToken"
    | "authorise"
    | "capture"
    | "void"
    | "findAuthorisationByIdempotencyKey"
  >;
  /** The partner's client token for agent calls (reversals, the debit lookup). */
  agentTokens: ClientTokenSource;
  now: () => Date;
  /** Tests only: refused in production (see checkoutDeps). */
  faults: FaultSwitch | undefined;
  logger: CheckoutLogger;
  tokenVault: TokenVault;
  settings: CheckoutSettings;
}

export type CheckoutOverrides = Partial<Omit<CheckoutDeps, "settings">> & { settings?: Partial<CheckoutSettings> };

/** The settings from the environment (server/config/env.ts). */
export function checkoutSettings(): CheckoutSettings {
  const config = env();
  return {
    reversalWindowMs: config.CHECKOUT_REVERSAL_WINDOW_HOURS * hour,
    reversalMarginMs: config.CHECKOUT_REVERSAL_MARGIN_HOURS * hour,
    leaseMs: config.CHECKOUT_WORKER_LEASE_MS,
    batchSize: config.CHECKOUT_WORKER_BATCH,
    agentId: "PORTALCHECKOUT",
    duplicateWaitMs: 8_000,
    debitSettleMs: 120_000,
    unknownChargeGraceMs: config.CHECKOUT_UNKNOWN_CHARGE_GRACE_MS,
  };
}

/**
 * The saga's dependencies: the given ones, the production defaults for the
 * rest. A fault switch is refused when NODE_ENV is production, so a crash
 * can never be switched on in a deployment, whatever a caller passes.
 */
export async function checkoutDeps(overrides: CheckoutOverrides = {}): Promise<CheckoutDeps> {
  if (overrides.faults && env().NODE_ENV === "production") {
    throw new Error("The checkout's fault switch exists for tests only.");
  }
  return {
    db: overrides.db ?? (await getPortalDatabase()),
    loyalty: overrides.loyalty ?? loyaltyService(),
    payments: overrides.payments ?? paymentsService(),
    agentTokens: overrides.agentTokens ?? partnerClientTokens(),
    now: overrides.now ?? (() => new Date()),
    faults: overrides.faults,
    logger: overrides.logger ?? logger.child({ component: "checkout" }),
    tokenVault: overrides.tokenVault ?? { seal: sealToken, open: openToken },
    settings: { ...checkoutSettings(), ...overrides.settings },
  };
}

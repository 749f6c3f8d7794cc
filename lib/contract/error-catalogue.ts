import type { ErrorDefinition } from "./error-definition";
import { gatewayErrors } from "./errors/gateway-errors";
import { requestErrors } from "./errors/request-errors";
import { tokenErrors } from "./errors/token-errors";
import { programmeErrors } from "./errors/programme-errors";
import { accountErrors } from "./errors/account-errors";
import { transactionQueryErrors } from "./errors/transaction-query-errors";
import { pricingErrors } from "./errors/pricing-errors";
import { membershipErrors } from "./errors/membership-errors";
import { ledgerErrors } from "./errors/ledger-errors";
import { idempotencyErrors } from "./errors/idempotency-errors";

export type { ErrorDefinition } from "./error-definition";

/**
 * Every error the partner operations answer with, in one catalogue: one file
 * per area under ./errors, merged here. Statuses the spec leaves "not shown"
 * are decided in docs/decisions.md.
 */
export const errorCatalogue = {
  ...gatewayErrors,
  ...requestErrors,
  ...tokenErrors,
  ...programmeErrors,
  ...accountErrors,
  ...transactionQueryErrors,
  ...pricingErrors,
  ...membershipErrors,
  ...ledgerErrors,
  ...idempotencyErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errorCatalogue;

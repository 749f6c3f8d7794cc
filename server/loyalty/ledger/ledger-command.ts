import type { IdempotencyClaim } from "@/server/loyalty/idempotency/idempotency-claim";

/** What every ledger command (credit, debit, reverse) may carry besides its own fields. */
export interface LedgerCommandOptions {
  /** The partner's staff member keying the entry in on an offline channel; stored with the entry. */
  agentId?: string;
  /** The request's hold on its idempotency key: the movement completes the key in its own statement. */
  idempotencyClaim?: IdempotencyClaim;
  /** When the entry is made; now by default. */
  at?: Date;
}

/**
 * A request's hold on its idempotency key: whoever has the lease token may
 * make the key's movement. The ledger statement that moves the points
 * records the movement against the key only while this token still holds it.
 */
export interface IdempotencyClaim {
  partnerId: number;
  key: string;
  leaseToken: string;
}

/**
 * How long a claim holds its key without completing it. A request runs in
 * milliseconds; a claim older than this belongs to a process that died (or
 * stalled), and a retry may take the key over. Taking over is safe: the stale
 * holder's statement no longer finds its token and moves nothing.
 */
export const idempotencyLeaseSeconds = 30;

/** Keys are answered for at least this long after their first use, then may be purged. */
export const idempotencyRetentionHours = 24;

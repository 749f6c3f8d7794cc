/**
 * Every remote call's key, derived from the order's id, so whoever drives
 * the order (the member's request, any worker, after any crash) sends the
 * same key for the same step and gets the first answer back instead of a
 * second movement. All are unique columns of portal.orders.
 */
export interface OrderKeys {
  /** P5 Idempotency-Key. */
  debitKey: string;
  /** P5 externalTransactionIdentifier: the order's id (letters, digits and `-`, 36 of the 64 allowed). */
  debitExternalId: string;
  /**
   * The processor's key of a card payment asked for in one charge: no step
   * sends one; an order holding no authorisation is settled by looking it up.
   */
  chargeKey: string;
  /** P6 Idempotency-Key. */
  reversalKey: string;
  /** P6 externalTransactionIdentifier (letters, digits, `&`, `.`, `-`). */
  reversalExternalId: string;
  /** The processor's Idempotency-Key of the refund. */
  refundKey: string;
  /** The processor's keys of the authorisation, its capture and its void. */
  authoriseKey: string;
  captureKey: string;
  voidKey: string;
}

export function orderKeys(orderId: string): OrderKeys {
  return {
    debitKey: `checkout-${orderId}-debit`,
    debitExternalId: orderId,
    chargeKey: `checkout-${orderId}-charge`,
    reversalKey: `checkout-${orderId}-reverse`,
    reversalExternalId: `${orderId}.R`,
    refundKey: `checkout-${orderId}-refund`,
    authoriseKey: `checkout-${orderId}-authorise`,
    captureKey: `checkout-${orderId}-capture`,
    voidKey: `checkout-${orderId}-void`,
  };
}

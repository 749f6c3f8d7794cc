import type { PaymentsErrorObject } from "@/lib/payments-contract/contract";

/**
 * The sandbox refused a request for a reason that is the caller's fault
 * (a wrong key, a malformed request, an idempotency key reused with another
 * body): a bug to fix, not an outcome of the card.
 */
export class PaymentsApiError extends Error {
  readonly status: number;
  readonly type: PaymentsErrorObject["type"];
  readonly code: string;
  readonly param: string | undefined;

  constructor(status: number, error: PaymentsErrorObject) {
    super(error.message);
    this.name = "PaymentsApiError";
    this.status = status;
    this.type = error.type;
    this.code = error.code;
    this.param = error.param;
  }
}

/** The sandbox could not be reached or answered outside its contract; nothing is known of what happened. */
export class PaymentsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentsUnavailableError";
  }
}

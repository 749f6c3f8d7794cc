import { paymentsErrorCatalogue, type PaymentsErrorCode } from "@/lib/payments-contract/error-catalogue";

export interface PaymentsErrorOptions {
  /** The request field to blame. */
  param?: string;
  /** A fixed text that says more than the catalogue's (e.g. the contract's rule for a field); never the caller's input. */
  message?: string;
  /** The recorded charge, on a decline or a processing error. */
  charge?: string;
  /** The recorded authorisation, on a declined or failed authorisation or a failed capture. */
  authorisation?: string;
  headers?: Record<string, string>;
}

/**
 * The one error the payments sandbox throws for an expected refusal, named
 * by its catalogue code. The operation wrapper renders it; anything else
 * thrown becomes internal_error.
 */
export class PaymentsError extends Error {
  readonly code: PaymentsErrorCode;
  readonly options: PaymentsErrorOptions;

  constructor(code: PaymentsErrorCode, options: PaymentsErrorOptions = {}) {
    super(options.message ?? paymentsErrorCatalogue[code].message);
    this.name = "PaymentsError";
    this.code = code;
    this.options = options;
  }

  get definition() {
    return paymentsErrorCatalogue[this.code];
  }
}

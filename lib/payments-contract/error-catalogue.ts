/**
 * Every error the payments sandbox answers with, in one catalogue: the
 * routes render these entries, the client classifies by their codes, and
 * docs/payments-sandbox.md lists them. Messages are fixed texts: an answer
 * never repeats what the caller sent.
 */

export const paymentsErrorTypes = [
  "invalid_request_error",
  "authentication_error",
  "idempotency_error",
  "card_error",
  "api_error",
] as const;
export type PaymentsErrorType = (typeof paymentsErrorTypes)[number];

export interface PaymentsErrorDefinition {
  status: number;
  type: PaymentsErrorType;
  message: string;
}

export const paymentsErrorCatalogue = {
  // The request itself.
  not_found: { status: 404, type: "invalid_request_error", message: "No such endpoint in the payments API." },
  method_not_allowed: {
    status: 405,
    type: "invalid_request_error",
    message: "This endpoint does not accept that HTTP method.",
  },
  unsupported_media_type: {
    status: 415,
    type: "invalid_request_error",
    message: "Send the body as Content-Type: application/json.",
  },
  body_too_large: { status: 413, type: "invalid_request_error", message: "The body is larger than 8 KiB." },
  invalid_json: { status: 400, type: "invalid_request_error", message: "The body is not a JSON object." },
  parameter_missing: { status: 400, type: "invalid_request_error", message: "A required parameter is missing." },
  parameter_invalid: { status: 400, type: "invalid_request_error", message: "A parameter is not valid." },
  currency_not_supported: {
    status: 400,
    type: "invalid_request_error",
    message: "The sandbox charges in GBP, EUR or USD only.",
  },
  idempotency_key_missing: {
    status: 400,
    type: "invalid_request_error",
    message: "Send an Idempotency-Key header with every charge and refund.",
  },
  idempotency_key_invalid: {
    status: 400,
    type: "invalid_request_error",
    message: "The Idempotency-Key must be 1 to 255 visible ASCII characters.",
  },

  // Keys.
  publishable_key_invalid: {
    status: 401,
    type: "authentication_error",
    message: "Send the publishable key as Authorization: Bearer pk_...",
  },
  secret_key_invalid: {
    status: 401,
    type: "authentication_error",
    message: "Send the secret key as Authorization: Bearer sk_...",
  },

  // Idempotency.
  idempotency_key_reused: {
    status: 422,
    type: "idempotency_error",
    message: "This Idempotency-Key was already used with a different request.",
  },

  // Tokens, when a charge is asked.
  token_not_found: { status: 400, type: "invalid_request_error", message: "No such card token." },
  token_expired: {
    status: 400,
    type: "invalid_request_error",
    message: "The card token has expired; tokenise the card again.",
  },
  token_already_used: {
    status: 400,
    type: "invalid_request_error",
    message: "The card token was already charged; tokenise the card again.",
  },

  // Charges, lookups and refunds.
  charge_not_found: { status: 404, type: "invalid_request_error", message: "No such charge." },
  charge_not_refundable: {
    status: 409,
    type: "invalid_request_error",
    message: "Only a captured charge can be refunded.",
  },
  charge_already_refunded: {
    status: 409,
    type: "invalid_request_error",
    message: "The charge has already been refunded.",
  },

  // Authorisations, captures and voids.
  authorisation_not_found: { status: 404, type: "invalid_request_error", message: "No such authorisation." },
  authorisation_not_capturable: {
    status: 409,
    type: "invalid_request_error",
    message: "Only an authorised (held) authorisation can be captured or voided.",
  },
  authorisation_already_captured: {
    status: 409,
    type: "invalid_request_error",
    message: "The authorisation has already been captured.",
  },
  authorisation_voided: {
    status: 409,
    type: "invalid_request_error",
    message: "The authorisation was voided; nothing can be captured.",
  },
  authorisation_expired: {
    status: 409,
    type: "invalid_request_error",
    message: "The authorisation has expired and its hold was released; nothing can be captured.",
  },
  capture_amount_too_large: {
    status: 400,
    type: "invalid_request_error",
    message: "A capture takes at most the authorised amount.",
  },
  capture_failed: {
    status: 402,
    type: "card_error",
    message: "The card issuer refused the capture; no money was taken.",
  },

  // The card, when it is tokenised.
  invalid_number: { status: 402, type: "card_error", message: "The card number is not a valid card number." },
  invalid_expiry_month: { status: 402, type: "card_error", message: "The expiry month is not valid." },
  invalid_expiry_year: { status: 402, type: "card_error", message: "The expiry year is not valid." },
  expired_card: { status: 402, type: "card_error", message: "The card has expired." },
  invalid_cvc: { status: 402, type: "card_error", message: "The security code must be 3 or 4 digits." },
  invalid_name: { status: 402, type: "card_error", message: "The name on the card is not valid." },
  test_card_required: {
    status: 402,
    type: "card_error",
    message: "The sandbox accepts only its test cards; no real card can be charged here.",
  },

  // The card, when it is charged.
  card_declined: { status: 402, type: "card_error", message: "The card was declined." },
  insufficient_funds: { status: 402, type: "card_error", message: "The card has insufficient funds." },

  // The processor.
  processing_error: {
    status: 502,
    type: "api_error",
    message: "The card could not be processed; the charge failed and no money was taken.",
  },
  internal_error: { status: 500, type: "api_error", message: "Unexpected condition in the payments sandbox." },
} as const satisfies Record<string, PaymentsErrorDefinition>;

export type PaymentsErrorCode = keyof typeof paymentsErrorCatalogue;

/** The decline codes a charge can end with: the card said no. */
export const declineCodes = ["card_declined", "insufficient_funds"] as const satisfies readonly PaymentsErrorCode[];
export type DeclineCode = (typeof declineCodes)[number];

/**
 * Refusals of a charge that prove no money was taken under its key and
 * that the card must be entered again: the client reports them as "failed".
 */
export const failedChargeCodes = [
  "processing_error",
  "token_not_found",
  "token_expired",
  "token_already_used",
] as const satisfies readonly PaymentsErrorCode[];
export type FailedChargeCode = (typeof failedChargeCodes)[number];

/** Refusals of a capture: certain, nothing was taken by the request. */
export const captureRefusalCodes = [
  "capture_failed",
  "authorisation_not_found",
  "authorisation_not_capturable",
  "authorisation_already_captured",
  "authorisation_voided",
  "authorisation_expired",
] as const satisfies readonly PaymentsErrorCode[];
export type CaptureRefusalCode = (typeof captureRefusalCodes)[number];

/** Refusals of a void: certain, the hold is as it was. */
export const voidRefusalCodes = [
  "authorisation_not_found",
  "authorisation_not_capturable",
  "authorisation_already_captured",
] as const satisfies readonly PaymentsErrorCode[];
export type VoidRefusalCode = (typeof voidRefusalCodes)[number];

export function isPaymentsErrorCode(code: string): code is PaymentsErrorCode {
  return Object.hasOwn(paymentsErrorCatalogue, code);
}

import { z } from "zod";
import {
  cardBrands,
  cardMessages,
  cardNumberSchema,
  expiryMonthSchema,
  expiryProblem,
  expiryYearSchema,
  nameOnCardSchema,
  securityCodeSchema,
} from "./card-rules";
import { declineCodes, paymentsErrorTypes, type PaymentsErrorCode } from "./error-catalogue";

/**
 * The payments sandbox's HTTP API (/payments-sandbox/v1), described once:
 * the routes parse requests with these schemas and the client parses the
 * answers with them. Field names are the wire's (snake_case).
 */

export const paymentsApiVersion = "v1";
export const idempotencyKeyHeader = "Idempotency-Key";
export const idempotentReplayedHeader = "Idempotent-Replayed";
/** Bodies larger than this are refused (413) before they are parsed. */
export const maxBodyBytes = 8 * 1024;

export const tokenIdSchema = z
  .string({ error: "token must be a card token." })
  .regex(/^tok_[A-Za-z0-9]{24}$/, "token must be a card token (tok_ and 24 letters or digits).");
export const chargeIdSchema = z
  .string()
  .regex(/^ch_[A-Za-z0-9]{24}$/, "Not a charge id (ch_ and 24 letters or digits).");
export const refundIdSchema = z.string().regex(/^re_[A-Za-z0-9]{24}$/);
export const authorisationIdSchema = z
  .string()
  .regex(/^auth_[A-Za-z0-9]{24}$/, "Not an authorisation id (auth_ and 24 letters or digits).");
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7E]{1,255}$/, "An idempotency key is 1 to 255 visible ASCII characters.");
export const cardBrandSchema = z.enum(cardBrands);
const last4Schema = z.string().regex(/^\d{4}$/);
const timestampSchema = z.iso.datetime();

// ---------------------------------------------------------------- tokens

/** POST /v1/tokens (publishable key): the card as typed; the number never goes further than the sandbox. */
export const tokeniseRequestSchema = z
  .object({
    number: cardNumberSchema,
    exp_month: expiryMonthSchema,
    exp_year: expiryYearSchema,
    cvc: securityCodeSchema,
    name: nameOnCardSchema,
  })
  .superRefine((card, context) => {
    const problem = expiryProblem(card.exp_month, card.exp_year, new Date());
    if (problem === "expired")
      context.addIssue({
        code: "custom",
        path: ["exp_month"],
        message: cardMessages.expired,
        params: { code: "expired_card" satisfies PaymentsErrorCode },
      });
    if (problem === "too_far")
      context.addIssue({
        code: "custom",
        path: ["exp_year"],
        message: cardMessages.expiryYear,
        params: { code: "invalid_expiry_year" satisfies PaymentsErrorCode },
      });
  });
export type TokeniseRequest = z.input<typeof tokeniseRequestSchema>;

/** The API code of each tokenise field's refusal (besides a missing field: parameter_missing). */
export const tokeniseParamCodes = {
  number: "invalid_number",
  exp_month: "invalid_expiry_month",
  exp_year: "invalid_expiry_year",
  cvc: "invalid_cvc",
  name: "invalid_name",
} as const satisfies Record<keyof TokeniseRequest, PaymentsErrorCode>;

/** 201 of POST /v1/tokens: a single-use token, good for 15 minutes. */
export const cardTokenSchema = z.object({
  object: z.literal("token"),
  token: tokenIdSchema,
  brand: cardBrandSchema,
  last4: last4Schema,
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  expires_at: timestampSchema,
});
export type CardToken = z.output<typeof cardTokenSchema>;

/** What the portal may keep of a card: never the number. */
export type TokenisedCard = Pick<CardToken, "token" | "brand" | "last4">;

// ---------------------------------------------------------------- charges

export const chargeCurrencies = ["GBP", "EUR", "USD"] as const;
export type ChargeCurrency = (typeof chargeCurrencies)[number];
/** 999,999.99 in a two-decimal currency: every amount is exact as a JSON number. */
export const maxChargeAmount = 99_999_999;

/** POST /v1/charges (secret key, Idempotency-Key). */
export const chargeRequestSchema = z.object({
  token: tokenIdSchema,
  amount: z
    .number({ error: "amount must be an integer number of minor units (pence)." })
    .int("amount must be an integer number of minor units (pence).")
    .min(1, "amount must be at least 1.")
    .max(maxChargeAmount, `amount must be at most ${maxChargeAmount}.`),
  currency: z.enum(chargeCurrencies, { error: "currency must be GBP, EUR or USD." }),
  description: z
    .string({ error: "description must be text." })
    .regex(/^[^\p{Cc}]{1,200}$/u, "description must be 1 to 200 characters without control characters."),
  merchant_reference: z
    .string({ error: "merchant_reference must be text." })
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, "merchant_reference must be 1 to 100 letters, digits or . _ : -"),
});
export type ChargeRequest = z.input<typeof chargeRequestSchema>;

export const chargeParamCodes = {
  currency: "currency_not_supported",
} as const satisfies Partial<Record<keyof ChargeRequest, PaymentsErrorCode>>;

export const chargeStatuses = ["captured", "declined", "failed"] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

/** A charge as the sandbox recorded it (201 of a captured charge; 200 of a lookup, whatever its status). */
export const chargeSchema = z.object({
  object: z.literal("charge"),
  id: chargeIdSchema,
  status: z.enum(chargeStatuses),
  amount: z.number().int().positive(),
  currency: z.enum(chargeCurrencies),
  description: z.string(),
  merchant_reference: z.string(),
  card: z.object({ brand: cardBrandSchema, last4: last4Schema }),
  /** A decline code or processing_error; null when captured. */
  failure_code: z.enum([...declineCodes, "processing_error"]).nullable(),
  refunded: z.boolean(),
  amount_refunded: z.number().int().nonnegative(),
  /** The refund's id once refunded. */
  refund: refundIdSchema.nullable(),
  created: timestampSchema,
});
export type Charge = z.output<typeof chargeSchema>;

/** GET /v1/charges?idempotency_key=... (secret key). */
export const chargeLookupQuerySchema = z.object({
  idempotency_key: idempotencyKeySchema,
});

// ---------------------------------------------------------------- refunds

export const refundReasons = ["requested_by_customer", "duplicate", "order_cancelled"] as const;

/** POST /v1/charges/{id}/refunds (secret key, Idempotency-Key): the body is optional. */
export const refundRequestSchema = z.object({
  reason: z
    .enum(refundReasons, { error: "reason must be requested_by_customer, duplicate or order_cancelled." })
    .optional(),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** 201 of a refund: always the charge's whole amount. */
export const refundSchema = z.object({
  object: z.literal("refund"),
  id: refundIdSchema,
  charge: chargeIdSchema,
  status: z.literal("succeeded"),
  amount: z.number().int().positive(),
  currency: z.enum(chargeCurrencies),
  reason: z.enum(refundReasons).nullable(),
  created: timestampSchema,
});
export type Refund = z.output<typeof refundSchema>;

// ---------------------------------------------------------------- authorisations

/** POST /v1/authorisations (secret key, Idempotency-Key): the same body as a charge; the amount is held, not taken. */
export const authorisationRequestSchema = chargeRequestSchema;
export type AuthorisationRequest = ChargeRequest;

/**
 * What became of an authorisation: held (`authorised`), taken (`captured`),
 * released (`voided`, or `expired` when neither came in time), or never
 * held (`declined`, `failed`).
 */
export const authorisationStatuses = ["authorised", "captured", "voided", "expired", "declined", "failed"] as const;
export type AuthorisationStatus = (typeof authorisationStatuses)[number];

export const authorisationSchema = z.object({
  object: z.literal("authorisation"),
  id: authorisationIdSchema,
  status: z.enum(authorisationStatuses),
  amount: z.number().int().positive(),
  amount_captured: z.number().int().nonnegative(),
  /** The charge the capture made: refunded as any charge (POST /v1/charges/{id}/refunds). */
  charge: chargeIdSchema.nullable(),
  currency: z.enum(chargeCurrencies),
  description: z.string(),
  merchant_reference: z.string(),
  card: z.object({ brand: cardBrandSchema, last4: last4Schema }),
  /** Why it was never held (a decline code or processing_error), or why the last capture failed (capture_failed). */
  failure_code: z.enum([...declineCodes, "processing_error", "capture_failed"]).nullable(),
  created: timestampSchema,
  /** When a hold neither captured nor voided lapses. */
  expires_at: timestampSchema,
});
export type Authorisation = z.output<typeof authorisationSchema>;

/** POST /v1/authorisations/{id}/capture (secret key, Idempotency-Key): the body is optional; the whole amount by default. */
export const captureRequestSchema = z.object({
  amount: z
    .number({ error: "amount must be an integer number of minor units (pence)." })
    .int("amount must be an integer number of minor units (pence).")
    .min(1, "amount must be at least 1.")
    .max(maxChargeAmount, `amount must be at most ${maxChargeAmount}.`)
    .optional(),
});
export type CaptureRequest = z.input<typeof captureRequestSchema>;

/** GET /v1/authorisations?idempotency_key=...: the key of the authorisation, or of a capture or void of it. */
export const authorisationLookupQuerySchema = chargeLookupQuerySchema;

// ---------------------------------------------------------------- errors

/** Every refusal: `{ error: { type, code, message, param?, charge? } }`. */
export const paymentsErrorBodySchema = z.object({
  error: z.object({
    type: z.enum(paymentsErrorTypes),
    code: z.string().min(1),
    message: z.string(),
    /** The request field to blame (`number`, `amount`...), when one is. */
    param: z.string().optional(),
    /** The recorded charge, on a decline or a processing error. */
    charge: chargeIdSchema.optional(),
    /** The recorded authorisation, on a declined or failed authorisation or a failed capture. */
    authorisation: authorisationIdSchema.optional(),
  }),
});
export type PaymentsErrorBody = z.output<typeof paymentsErrorBodySchema>;
export type PaymentsErrorObject = PaymentsErrorBody["error"];

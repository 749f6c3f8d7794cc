import "server-only";
import {
  authorisationSchema,
  cardTokenSchema,
  chargeSchema,
  idempotentReplayedHeader,
  idempotencyKeyHeader,
  refundSchema,
  type Authorisation,
  type AuthorisationRequest,
  type CaptureRequest,
  type Charge,
  type ChargeRequest,
  type PaymentsErrorObject,
  type Refund,
  type RefundRequest,
  type TokenisedCard,
} from "@/lib/payments-contract/contract";
import {
  captureRefusalCodes,
  declineCodes,
  failedChargeCodes,
  voidRefusalCodes,
  type CaptureRefusalCode,
  type DeclineCode,
  type FailedChargeCode,
  type VoidRefusalCode,
} from "@/lib/payments-contract/error-catalogue";
import { PaymentsApiError, PaymentsUnavailableError } from "./errors";
import { endpoint, exchange, type Exchange } from "./http";

export interface PaymentsClientSettings {
  /** The processor's base URL, without the version: e.g. `http://localhost:3000/payments-sandbox`. */
  baseUrl: string;
  /** `sk_...`: server-side only. */
  secretKey: string;
  /** After this long without an answer a charge's outcome is "unknown" (PAYMENTS_TIMEOUT_MS). */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Why nothing can be said about a charge or refund yet: look it up later, never guess. */
export type UnknownReason = "timeout" | "network" | "server_error" | "unexpected_answer";

export type ChargeOutcome =
  /** Money taken. `replayed`: the key was used before and this is that first outcome. */
  | { kind: "captured"; charge: Charge; replayed: boolean }
  /** The card said no; no money taken. */
  | { kind: "declined"; code: DeclineCode; message: string; chargeId: string | undefined; replayed: boolean }
  /** Certainly no money taken under this key (processing error, or a token that cannot pay); enter the card again. */
  | { kind: "failed"; code: FailedChargeCode; message: string; chargeId: string | undefined; replayed: boolean }
  /** The answer was lost: the charge may or may not exist. Settle it with findChargeByIdempotencyKey. */
  | { kind: "unknown"; reason: UnknownReason; detail: string };

export type RefundOutcome =
  | { kind: "refunded"; refund: Refund; replayed: boolean }
  /** The sandbox said no: nothing was refunded by this request. */
  | {
      kind: "refused";
      code: "charge_not_found" | "charge_not_refundable" | "charge_already_refunded";
      message: string;
    }
  | { kind: "unknown"; reason: UnknownReason; detail: string };

export type AuthorisationOutcome =
  /** The amount is held on the card, not taken: capture or void it. */
  | { kind: "authorised"; authorisation: Authorisation; replayed: boolean }
  /** The card said no; nothing held. */
  | { kind: "declined"; code: DeclineCode; message: string; authorisationId: string | undefined; replayed: boolean }
  /** Certainly nothing held under this key (processing error, or a token that cannot pay). */
  | { kind: "failed"; code: FailedChargeCode; message: string; authorisationId: string | undefined; replayed: boolean }
  | { kind: "unknown"; reason: UnknownReason; detail: string };

export type CaptureOutcome =
  | { kind: "captured"; authorisation: Authorisation; replayed: boolean }
  /** Certain: this request took nothing (`capture_failed`: the issuer refused; others: the hold is not there to take). */
  | { kind: "refused"; code: CaptureRefusalCode; message: string }
  | { kind: "unknown"; reason: UnknownReason; detail: string };

export type VoidOutcome =
  | { kind: "voided"; authorisation: Authorisation; replayed: boolean }
  | { kind: "refused"; code: VoidRefusalCode; message: string }
  | { kind: "unknown"; reason: UnknownReason; detail: string };

/** What a caller may keep of one answer: its status and the processor's X-Request-Id, never a body. */
export interface PaymentsAnswer {
  status: number;
  requestId: string | null;
}

/** Told of every answer before it is judged (e.g. to put the request id on an order's timeline). */
export type OnPaymentsAnswer = (answer: PaymentsAnswer) => void;

const refundRefusals = ["charge_not_found", "charge_not_refundable", "charge_already_refunded"] as const;

const includes = <T extends string>(list: readonly T[], value: string): value is T => list.includes(value as T);

/**
 * The portal's client of the card processor, over HTTP with the secret
 * key. Every money call takes an idempotency key; outcomes are values, and
 * an answer that never came is "unknown", never a guess. Refusals that are
 * the caller's bug (bad key, bad request, a key reused with another body)
 * throw PaymentsApiError.
 */
export function createPaymentsClient(settings: PaymentsClientSettings) {
  const call = async (
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    idempotencyKey?: string,
    onAnswer?: OnPaymentsAnswer,
  ) => {
    const answer = await exchange({
      url: endpoint(settings.baseUrl, path),
      method,
      key: settings.secretKey,
      body,
      headers: idempotencyKey === undefined ? undefined : { [idempotencyKeyHeader]: idempotencyKey },
      timeoutMs: settings.timeoutMs,
      fetch: settings.fetch,
    });
    if (answer.kind === "answered")
      onAnswer?.({ status: answer.status, requestId: answer.headers.get("X-Request-Id") });
    return answer;
  };

  /** Judges a 200/201 carrying an authorisation, or the refusals `refusals` names; anything else is unknown or a bug. */
  const authorisationAnswer = <Code extends string>(
    answer: Exchange,
    okStatus: number,
    refusals: readonly Code[],
  ):
    | { kind: "ok"; authorisation: Authorisation; replayed: boolean }
    | { kind: "refused"; code: Code; message: string }
    | { kind: "unknown"; reason: UnknownReason; detail: string } => {
    if (answer.kind === "no-answer") return { kind: "unknown", reason: answer.reason, detail: answer.detail };
    const replayed = answer.headers.get(idempotentReplayedHeader) === "true";
    if (answer.status === okStatus) {
      const authorisation = authorisationSchema.safeParse(answer.json);
      return authorisation.success ? { kind: "ok", authorisation: authorisation.data, replayed } : unexpected(answer);
    }
    const error = answer.error;
    if (!error) return unexpected(answer);
    if (includes(refusals, error.code)) return { kind: "refused", code: error.code, message: error.message };
    if (answer.status >= 500) return { kind: "unknown", reason: "server_error", detail: error.message };
    throw new PaymentsApiError(answer.status, error);
  };

  return {
    /**
     * Holds an amount on the card (manual capture): nothing is taken until
     * `capture`. One idempotency key per attempt, the same key to retry it.
     */
    async authorise(
      request: AuthorisationRequest,
      options: { idempotencyKey: string; onAnswer?: OnPaymentsAnswer },
    ): Promise<AuthorisationOutcome> {
      const answer = await call("POST", "/authorisations", request, options.idempotencyKey, options.onAnswer);
      if (answer.kind === "no-answer") return { kind: "unknown", reason: answer.reason, detail: answer.detail };
      const replayed = answer.headers.get(idempotentReplayedHeader) === "true";
      if (answer.status === 201) {
        const authorisation = authorisationSchema.safeParse(answer.json);
        if (authorisation.success && authorisation.data.status === "authorised")
          return { kind: "authorised", authorisation: authorisation.data, replayed };
        return unexpected(answer);
      }
      const error = answer.error;
      if (!error) return unexpected(answer);
      const authorisationId = error.authorisation;
      if (answer.status === 402 && includes(declineCodes, error.code))
        return { kind: "declined", code: error.code, message: error.message, authorisationId, replayed };
      if (includes(failedChargeCodes, error.code))
        return { kind: "failed", code: error.code, message: error.message, authorisationId, replayed };
      if (answer.status >= 500) return { kind: "unknown", reason: "server_error", detail: error.message };
      throw new PaymentsApiError(answer.status, error);
    },

    /** Takes the held amount (all of it unless `amount` says less). Same key, same answer. */
    async capture(
      authorisationId: string,
      options: { idempotencyKey: string; amount?: number; onAnswer?: OnPaymentsAnswer },
    ): Promise<CaptureOutcome> {
      const body: CaptureRequest = options.amount === undefined ? {} : { amount: options.amount };
      const answer = await call(
        "POST",
        `/authorisations/${encodeURIComponent(authorisationId)}/capture`,
        body,
        options.idempotencyKey,
        options.onAnswer,
      );
      const judged = authorisationAnswer(answer, 200, captureRefusalCodes);
      return judged.kind === "ok" ? { ...judged, kind: "captured" } : judged;
    },

    /** Releases a hold that was not captured. Same key, same answer. */
    async void(
      authorisationId: string,
      options: { idempotencyKey: string; onAnswer?: OnPaymentsAnswer },
    ): Promise<VoidOutcome> {
      const answer = await call(
        "POST",
        `/authorisations/${encodeURIComponent(authorisationId)}/void`,
        undefined,
        options.idempotencyKey,
        options.onAnswer,
      );
      const judged = authorisationAnswer(answer, 200, voidRefusalCodes);
      return judged.kind === "ok" ? { ...judged, kind: "voided" } : judged;
    },

    /** The authorisation made, captured or voided under an idempotency key, as it stands now; null when none. */
    async findAuthorisationByIdempotencyKey(
      idempotencyKey: string,
      options: { onAnswer?: OnPaymentsAnswer } = {},
    ): Promise<Authorisation | null> {
      const query = new URLSearchParams({ idempotency_key: idempotencyKey });
      const answer = await call("GET", `/authorisations?${query.toString()}`, undefined, undefined, options.onAnswer);
      if (answer.kind === "no-answer") {
        throw new PaymentsUnavailableError(`The payments service did not answer the lookup: ${answer.detail}`);
      }
      if (answer.status === 200) {
        const authorisation = authorisationSchema.safeParse(answer.json);
        if (authorisation.success) return authorisation.data;
      }
      if (answer.status === 404 && answer.error?.code === "authorisation_not_found") return null;
      if (answer.error && answer.status < 500) throw new PaymentsApiError(answer.status, answer.error);
      throw new PaymentsUnavailableError(`The payments service answered the lookup with HTTP ${answer.status}`);
    },

    /** Charges a token. Use one idempotency key per payment attempt, and the same key to retry that attempt. */
    async charge(
      request: ChargeRequest,
      options: { idempotencyKey: string; onAnswer?: OnPaymentsAnswer },
    ): Promise<ChargeOutcome> {
      const answer = await call("POST", "/charges", request, options.idempotencyKey, options.onAnswer);
      if (answer.kind === "no-answer") return { kind: "unknown", reason: answer.reason, detail: answer.detail };
      const replayed = answer.headers.get(idempotentReplayedHeader) === "true";
      if (answer.status === 201) {
        const charge = chargeSchema.safeParse(answer.json);
        if (charge.success && charge.data.status === "captured")
          return { kind: "captured", charge: charge.data, replayed };
        return unexpected(answer);
      }
      const error = answer.error;
      if (!error) return unexpected(answer);
      if (answer.status === 402 && includes(declineCodes, error.code)) {
        return { kind: "declined", code: error.code, message: error.message, chargeId: error.charge, replayed };
      }
      if (includes(failedChargeCodes, error.code)) {
        return { kind: "failed", code: error.code, message: error.message, chargeId: error.charge, replayed };
      }
      if (answer.status >= 500) return { kind: "unknown", reason: "server_error", detail: error.message };
      throw new PaymentsApiError(answer.status, error);
    },

    /** The charge made under an idempotency key (any status), or null when there is none. */
    async findChargeByIdempotencyKey(
      idempotencyKey: string,
      options: { onAnswer?: OnPaymentsAnswer } = {},
    ): Promise<Charge | null> {
      const query = new URLSearchParams({ idempotency_key: idempotencyKey });
      const answer = await call("GET", `/charges?${query.toString()}`, undefined, undefined, options.onAnswer);
      if (answer.kind === "no-answer") {
        throw new PaymentsUnavailableError(`The payments service did not answer the lookup: ${answer.detail}`);
      }
      if (answer.status === 200) {
        const charge = chargeSchema.safeParse(answer.json);
        if (charge.success) return charge.data;
      }
      if (answer.status === 404 && answer.error?.code === "charge_not_found") return null;
      if (answer.error && answer.status < 500) throw new PaymentsApiError(answer.status, answer.error);
      throw new PaymentsUnavailableError(`The payments service answered the lookup with HTTP ${answer.status}`);
    },

    /** Refunds a captured charge in full. Same idempotency key, same answer. */
    async refund(
      chargeId: string,
      options: { idempotencyKey: string; reason?: RefundRequest["reason"]; onAnswer?: OnPaymentsAnswer },
    ): Promise<RefundOutcome> {
      const body: RefundRequest = options.reason ? { reason: options.reason } : {};
      const answer = await call(
        "POST",
        `/charges/${encodeURIComponent(chargeId)}/refunds`,
        body,
        options.idempotencyKey,
        options.onAnswer,
      );
      if (answer.kind === "no-answer") return { kind: "unknown", reason: answer.reason, detail: answer.detail };
      if (answer.status === 201) {
        const refund = refundSchema.safeParse(answer.json);
        if (refund.success)
          return {
            kind: "refunded",
            refund: refund.data,
            replayed: answer.headers.get(idempotentReplayedHeader) === "true",
          };
        return unexpected(answer);
      }
      const error = answer.error;
      if (!error) return unexpected(answer);
      if (includes(refundRefusals, error.code)) return { kind: "refused", code: error.code, message: error.message };
      if (answer.status >= 500) return { kind: "unknown", reason: "server_error", detail: error.message };
      throw new PaymentsApiError(answer.status, error);
    },

    /**
     * The card behind a token as the processor recorded it (brand and last
     * four digits), or null when the processor knows no such token: what a
     * merchant shows of a card comes from here, never from the browser.
     */
    async retrieveCardToken(
      token: string,
      options: { onAnswer?: OnPaymentsAnswer } = {},
    ): Promise<TokenisedCard | null> {
      const answer = await call("GET", `/tokens/${encodeURIComponent(token)}`, undefined, undefined, options.onAnswer);
      if (answer.kind === "no-answer") {
        throw new PaymentsUnavailableError(`The payments service did not answer the token lookup: ${answer.detail}`);
      }
      if (answer.status === 200) {
        const card = cardTokenSchema.safeParse(answer.json);
        if (card.success) return { token: card.data.token, brand: card.data.brand, last4: card.data.last4 };
      }
      if (answer.error?.code === "token_not_found") return null;
      if (answer.error && answer.status < 500) throw new PaymentsApiError(answer.status, answer.error);
      throw new PaymentsUnavailableError(`The payments service answered the token lookup with HTTP ${answer.status}`);
    },
  };
}

export type PaymentsClient = ReturnType<typeof createPaymentsClient>;

function unexpected(answer: Extract<Exchange, { kind: "answered" }>): {
  kind: "unknown";
  reason: UnknownReason;
  detail: string;
} {
  return { kind: "unknown", reason: "unexpected_answer", detail: `HTTP ${answer.status} outside the contract` };
}

export type { Authorisation, Charge, ChargeRequest, PaymentsErrorObject, Refund };

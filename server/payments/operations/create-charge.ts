import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { chargeParamCodes, chargeRequestSchema, idempotentReplayedHeader } from "@/lib/payments-contract/contract";
import { env } from "@/server/config/env";
import { chargeToken } from "../charges/charge-token";
import { chargeView } from "../charges/charge-view";
import { paymentsOperation } from "../http/payments-operation";
import { PaymentsError } from "../payments-error";

/**
 * `POST /payments-sandbox/v1/charges`: 201 with the charge when captured;
 * a decline is 402 card_error and a processing error 502 api_error, both
 * naming the recorded charge. A replay answers exactly as the first time.
 */
export const createCharge = paymentsOperation({
  name: "create-charge",
  method: "POST",
  key: "secret",
  idempotencyKey: true,
  body: { schema: chargeRequestSchema, paramCodes: chargeParamCodes },
  async handle({ db, body, idempotencyKey, request }) {
    const result = await chargeToken(db, body, idempotencyKey);
    const headers: Record<string, string> = result.replayed ? { [idempotentReplayedHeader]: "true" } : {};
    const { charge } = result;
    if (charge.status !== "captured") {
      const code = charge.failureCode as "card_declined" | "insufficient_funds" | "processing_error";
      throw new PaymentsError(code, { charge: charge.id, headers });
    }
    if (result.answersLate) {
      // The charge is already committed; the merchant gives up before this answer comes.
      await sleep(env().PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS, undefined, { signal: request.signal }).catch(
        () => undefined,
      );
    }
    return { status: 201, body: chargeView(charge, result.refund), headers };
  },
});

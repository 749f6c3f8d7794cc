import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import {
  authorisationRequestSchema,
  chargeParamCodes,
  idempotentReplayedHeader,
} from "@/lib/payments-contract/contract";
import { env } from "@/server/config/env";
import { authorisationView } from "../authorisations/authorisation-view";
import { authoriseCard } from "../authorisations/authorise-card";
import { paymentsOperation } from "../http/payments-operation";
import { PaymentsError } from "../payments-error";

/**
 * `POST /payments-sandbox/v1/authorisations`: holds the amount (manual
 * capture). 201 with the authorisation when held; a decline is 402
 * card_error and a processing error 502 api_error, both naming the recorded
 * authorisation. A replay answers exactly as the first time.
 */
export const createAuthorisation = paymentsOperation({
  name: "create-authorisation",
  method: "POST",
  key: "secret",
  idempotencyKey: true,
  body: { schema: authorisationRequestSchema, paramCodes: chargeParamCodes },
  async handle({ db, body, idempotencyKey, request }) {
    const result = await authoriseCard(db, body, idempotencyKey);
    const headers: Record<string, string> = result.replayed ? { [idempotentReplayedHeader]: "true" } : {};
    const { authorisation } = result;
    if (authorisation.status !== "authorised") {
      const code = authorisation.failureCode as "card_declined" | "insufficient_funds" | "processing_error";
      throw new PaymentsError(code, { authorisation: authorisation.id, headers });
    }
    if (result.answersLate) {
      // The hold is already committed; the merchant gives up before this answer comes.
      await sleep(env().PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS, undefined, { signal: request.signal }).catch(
        () => undefined,
      );
    }
    return { status: 201, body: authorisationView(result), headers };
  },
});

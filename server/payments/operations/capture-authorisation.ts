import "server-only";
import {
  authorisationIdSchema,
  captureRequestSchema,
  idempotentReplayedHeader,
} from "@/lib/payments-contract/contract";
import { authorisationView } from "../authorisations/authorisation-view";
import { captureAuthorisation as capture } from "../authorisations/capture-authorisation";
import { paymentsOperation } from "../http/payments-operation";
import { PaymentsError } from "../payments-error";

/**
 * `POST /payments-sandbox/v1/authorisations/{id}/capture`: takes the held
 * amount (or less), once. 200 with the authorisation, now captured; a
 * failed capture is 402 capture_failed (nothing taken), replayed as such.
 */
export const captureAuthorisation = paymentsOperation({
  name: "capture-authorisation",
  method: "POST",
  key: "secret",
  idempotencyKey: true,
  body: { schema: captureRequestSchema, optional: true },
  async handle({ db, body, idempotencyKey, params }) {
    const id = authorisationIdSchema.safeParse(params.authorisationId);
    if (!id.success) throw new PaymentsError("authorisation_not_found");
    const result = await capture(db, id.data, body, idempotencyKey);
    const headers: Record<string, string> = result.replayed ? { [idempotentReplayedHeader]: "true" } : {};
    if (result.capture.status !== "succeeded")
      throw new PaymentsError("capture_failed", { authorisation: id.data, headers });
    return { status: 200, body: authorisationView(result.record), headers };
  },
});

import "server-only";
import { authorisationIdSchema, idempotentReplayedHeader } from "@/lib/payments-contract/contract";
import { authorisationView } from "../authorisations/authorisation-view";
import { voidAuthorisation as release } from "../authorisations/void-authorisation";
import { paymentsOperation } from "../http/payments-operation";
import { PaymentsError } from "../payments-error";

/** `POST /payments-sandbox/v1/authorisations/{id}/void`: releases a hold that was not captured. 200, status voided. */
export const voidAuthorisation = paymentsOperation({
  name: "void-authorisation",
  method: "POST",
  key: "secret",
  idempotencyKey: true,
  async handle({ db, idempotencyKey, params }) {
    const id = authorisationIdSchema.safeParse(params.authorisationId);
    if (!id.success) throw new PaymentsError("authorisation_not_found");
    const result = await release(db, id.data, idempotencyKey);
    const headers: Record<string, string> = result.replayed ? { [idempotentReplayedHeader]: "true" } : {};
    return { status: 200, body: authorisationView(result.record), headers };
  },
});

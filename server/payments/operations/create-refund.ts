import "server-only";
import { chargeIdSchema, idempotentReplayedHeader, refundRequestSchema } from "@/lib/payments-contract/contract";
import { paymentsOperation } from "../http/payments-operation";
import { PaymentsError } from "../payments-error";
import { refundCharge } from "../refunds/refund-charge";

/** `POST /payments-sandbox/v1/charges/{chargeId}/refunds`: a full refund, once per charge. */
export const createRefund = paymentsOperation({
  name: "create-refund",
  method: "POST",
  key: "secret",
  idempotencyKey: true,
  body: { schema: refundRequestSchema, optional: true },
  async handle({ db, body, idempotencyKey, params }) {
    const chargeId = chargeIdSchema.safeParse(params.chargeId);
    if (!chargeId.success) throw new PaymentsError("charge_not_found");
    const result = await refundCharge(db, chargeId.data, body, idempotencyKey);
    const headers: Record<string, string> = result.replayed ? { [idempotentReplayedHeader]: "true" } : {};
    return { status: 201, body: result.refund, headers };
  },
});

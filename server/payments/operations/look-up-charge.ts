import "server-only";
import { chargeLookupQuerySchema } from "@/lib/payments-contract/contract";
import { findChargeByIdempotencyKey } from "../charges/find-charge";
import { chargeView } from "../charges/charge-view";
import { paymentsOperation } from "../http/payments-operation";
import { parseInput, singleQueryValue } from "../http/parse-input";
import { PaymentsError } from "../payments-error";

/** `GET /payments-sandbox/v1/charges?idempotency_key=...`: the charge made under a key, whatever its status. */
export const lookUpCharge = paymentsOperation({
  name: "look-up-charge",
  method: "GET",
  key: "secret",
  async handle({ db, url }) {
    const query = parseInput(chargeLookupQuerySchema, { idempotency_key: singleQueryValue(url, "idempotency_key") });
    const found = await findChargeByIdempotencyKey(db, query.idempotency_key);
    if (!found) throw new PaymentsError("charge_not_found");
    return { status: 200, body: chargeView(found.charge, found.refund) };
  },
});

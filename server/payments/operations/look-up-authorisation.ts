import "server-only";
import { authorisationLookupQuerySchema } from "@/lib/payments-client/contract";
import { authorisationView } from "../authorisations/authorisation-view";
import { findAuthorisationByIdempotencyKey } from "../authorisations/find-authorisation";
import { paymentsOperation } from "../http/payments-operation";
import { parseInput } from "../http/parse-input";
import { PaymentsError } from "../payments-error";

/**
 * `GET /payments-sandbox/v1/authorisations?idempotency_key=...`: the
 * authorisation made, captured or voided under a key, as it stands now.
 */
export const lookUpAuthorisation = paymentsOperation({
  name: "look-up-authorisation",
  method: "GET",
  key: "secret",
  async handle({ db, url }) {
    const keys = url.searchParams.getAll("idempotency_key");
    if (keys.length > 1)
      throw new PaymentsError("parameter_invalid", { param: "idempotency_key", message: "Send idempotency_key once." });
    const query = parseInput(authorisationLookupQuerySchema, { idempotency_key: keys[0] });
    const found = await findAuthorisationByIdempotencyKey(db, query.idempotency_key);
    if (!found) throw new PaymentsError("authorisation_not_found");
    return { status: 200, body: authorisationView(found) };
  },
});

import "server-only";
import { authorisationLookupQuerySchema } from "@/lib/payments-contract/contract";
import { authorisationView } from "../authorisations/authorisation-view";
import { findAuthorisationByIdempotencyKey } from "../authorisations/find-authorisation";
import { paymentsOperation } from "../http/payments-operation";
import { parseInput, singleQueryValue } from "../http/parse-input";
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
    const query = parseInput(authorisationLookupQuerySchema, {
      idempotency_key: singleQueryValue(url, "idempotency_key"),
    });
    const found = await findAuthorisationByIdempotencyKey(db, query.idempotency_key);
    if (!found) throw new PaymentsError("authorisation_not_found");
    return { status: 200, body: authorisationView(found) };
  },
});

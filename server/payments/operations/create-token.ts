import "server-only";
import { tokeniseParamCodes, tokeniseRequestSchema } from "@/lib/payments-contract/contract";
import { tokeniseCard } from "../cards/tokenise-card";
import { paymentsOperation } from "../http/payments-operation";

/** `POST /payments-sandbox/v1/tokens`: called by browsers with the publishable key. */
export const createToken = paymentsOperation({
  name: "create-token",
  method: "POST",
  key: "publishable",
  cors: true,
  body: { schema: tokeniseRequestSchema, paramCodes: tokeniseParamCodes },
  async handle({ db, body }) {
    return { status: 201, body: await tokeniseCard(db, body) };
  },
});

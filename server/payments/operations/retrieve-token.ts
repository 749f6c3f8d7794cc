import "server-only";
import { eq } from "drizzle-orm";
import { tokenIdSchema } from "@/lib/payments-contract/contract";
import { cardTokens } from "../db/schema";
import { paymentsOperation } from "../http/payments-operation";
import { PaymentsError } from "../payments-error";

/**
 * `GET /payments-sandbox/v1/tokens/{token}` (secret key): the card behind a
 * token as the processor recorded it, so a merchant shows the brand and last
 * four digits it was told by the processor, never what a browser claims.
 */
export const retrieveToken = paymentsOperation({
  name: "retrieve-token",
  method: "GET",
  key: "secret",
  async handle({ db, params }) {
    const token = tokenIdSchema.safeParse(params.token);
    if (!token.success) throw new PaymentsError("token_not_found");
    const [row] = await db.select().from(cardTokens).where(eq(cardTokens.id, token.data)).limit(1);
    if (!row) throw new PaymentsError("token_not_found");
    return {
      status: 200,
      body: {
        object: "token",
        token: row.id,
        brand: row.brand,
        last4: row.last4,
        exp_month: row.expMonth,
        exp_year: row.expYear,
        expires_at: row.expiresAt.toISOString(),
      },
    };
  },
});

import { randomUUID } from "node:crypto";
import type { Database } from "@/server/db/connect";
import type { OrderView } from "@/lib/checkout/checkout-contract";
import { insertOrder } from "@/server/portal/checkout/order-store";
import { placeOrder } from "@/server/portal/checkout/place-order";
import {
  checkoutHarness,
  memberToken,
  optionIdFor,
  quoteFor,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "./checkout-harness";
import { newOrderRow } from "./order-row";

/** A completed order of demo.member1 (points and card), placed through the saga as the member would. */
export async function completedOrder(
  db: Database,
  harness: ReturnType<typeof checkoutHarness>,
  option = { points: 9_000, cashMinor: 9_000 },
): Promise<OrderView> {
  const result = await placeOrder(
    {
      member: { membershipNumber: shopperNumber, accessToken: await memberToken(db) },
      quoteId: await quoteFor(db, option),
      optionId: optionIdFor(option),
      card: await tokenisedCard(testCards.APPROVED),
      checkoutKey: randomUUID(),
    },
    harness.deps(),
  );
  if (result.kind !== "placed" || result.order.state !== "completed") throw new Error(JSON.stringify(result));
  return result.order;
}

/** An order of demo.member1 the saga left needing attention (written as the saga writes one), oldest `ageMinutes` ago. */
export async function attentionOrder(db: Database, reason: string, ageMinutes = 60): Promise<string> {
  const id = randomUUID();
  const at = new Date(Date.now() - ageMinutes * 60_000);
  await insertOrder(
    db,
    newOrderRow({
      id,
      state: "needs_attention",
      attentionReason: reason,
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    }),
    {
      at,
      step: "needs_attention",
      state: "needs_attention",
      description: `Our team will look at this order: ${reason}`,
      actor: "worker",
    },
  );
  return id;
}

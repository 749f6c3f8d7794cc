import { randomUUID } from "node:crypto";
import sandbox from "@/sandbox.json";
import { serverActionId } from "@/test/support/server-action";
import type { SignedInMember } from "./member-sessions";

/** The product the members buy: a flight, part points and part card, as the home page's demo path does. */
export const checkoutProduct = "/shop/FLIGHT-LHR-MAD";
const approvedCard = sandbox.paymentTestCards.find((card) => card.outcome === "APPROVED")!.number;
const publishableKey = "pk_sandbox_9TbQ4fXc2LmW7rZp5HkD3sNv";

export interface CheckoutSample {
  ok: boolean;
  /** Pay pressed (the place-order action sent) to the order's receipt page received. */
  payToReceiptMs: number;
  /** What went wrong, in a few words (never a token). */
  failure?: string;
}

/** Everything the checkout page holds before Pay: a live quote of the product, and the card as the browser tokenised it. */
async function readyToPay(origin: string, member: SignedInMember): Promise<{ quoteId: string; card: object }> {
  const product = await fetch(`${origin}${checkoutProduct}`, {
    headers: { Cookie: member.cookie },
    redirect: "manual",
  });
  const html = await product.text();
  // The quote's id, in the page's React payload (escaped inside a script's string, or plain).
  const quoteId = /quoteId\\?":\\?"([A-Za-z0-9_-]+)/.exec(html)?.[1];
  if (product.status !== 200 || !quoteId)
    throw new Error(`the product page answered ${product.status} without a quote`);
  const tokens = await fetch(`${origin}/payments-sandbox/v1/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${publishableKey}` },
    body: JSON.stringify({
      number: approvedCard,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 1,
      cvc: "123",
      name: "Bench Member",
    }),
  });
  const card = (await tokens.json()) as { token: string; brand: string; last4: string };
  if (tokens.status !== 201) throw new Error(`tokenising the card answered ${tokens.status}`);
  return { quoteId, card: { token: card.token, brand: card.brand, last4: card.last4 } };
}

/**
 * One checkout from Pay to receipt, as the checkout page does it: the
 * place-order server action posted as the browser posts it (its id from the
 * build's manifest), which places the order and drives it to its end, then
 * the order's page. Option "0": the fewest points with the rest on the card.
 */
async function payOnce(origin: string, actionId: string, member: SignedInMember): Promise<CheckoutSample> {
  let ready: { quoteId: string; card: object };
  try {
    ready = await readyToPay(origin, member);
  } catch (error) {
    return { ok: false, payToReceiptMs: NaN, failure: `before Pay: ${(error as Error).message}` };
  }
  const pressed = performance.now();
  const answer = await fetch(`${origin}${checkoutProduct}/checkout`, {
    method: "POST",
    headers: {
      "Next-Action": actionId,
      Origin: origin,
      Accept: "text/x-component",
      "Content-Type": "text/plain;charset=UTF-8",
      Cookie: member.cookie,
    },
    body: JSON.stringify([{ quoteId: ready.quoteId, optionId: "0", checkoutKey: randomUUID(), card: ready.card }]),
  });
  const payload = await answer.text();
  const orderId = /"orderId":"([^"]+)"/.exec(payload)?.[1];
  if (answer.status !== 200 || !orderId) {
    const reason = /"reason":"([a-z_]+)"/.exec(payload)?.[1] ?? `status ${answer.status}`;
    return { ok: false, payToReceiptMs: performance.now() - pressed, failure: `Pay refused: ${reason}` };
  }
  const receipt = await fetch(`${origin}/orders/${encodeURIComponent(orderId)}`, {
    headers: { Cookie: member.cookie },
    redirect: "manual",
  });
  await receipt.arrayBuffer();
  const payToReceiptMs = performance.now() - pressed;
  if (receipt.status !== 200) return { ok: false, payToReceiptMs, failure: `receipt answered ${receipt.status}` };
  return { ok: true, payToReceiptMs };
}

/**
 * `members.length` members paying at once, each `orders` times in a row
 * (after one order each that is not counted: the paths warm). Samples are
 * Pay to receipt.
 */
export async function payAtOnce(
  origin: string,
  members: readonly SignedInMember[],
  orders: number,
): Promise<{ samples: CheckoutSample[]; seconds: number }> {
  const actionId = serverActionId("server/portal/orders/place-order-action.ts", "placeOrderAction");
  await Promise.all(members.map((member) => payOnce(origin, actionId, member)));
  const started = performance.now();
  const samples = (
    await Promise.all(
      members.map(async (member) => {
        const own: CheckoutSample[] = [];
        for (let order = 0; order < orders; order++) own.push(await payOnce(origin, actionId, member));
        return own;
      }),
    )
  ).flat();
  return { samples, seconds: (performance.now() - started) / 1000 };
}

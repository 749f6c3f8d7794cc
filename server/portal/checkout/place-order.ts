import "server-only";
import { orderMessage } from "@/lib/checkout/timeline-message";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { cardBrandName } from "@/lib/checkout/card-brand";
import { cardBrands } from "@/lib/payments-contract/card-rules";
import { chargeCurrencies, tokenIdSchema } from "@/lib/payments-contract/contract";
import { formatPoints } from "@/lib/i18n/format";
import { formatMoney, priceChoices } from "@/lib/shop/price-choices";
import type { Database } from "@/server/portal/db/portal-database";
import { quotes } from "@/server/portal/db/schema";
import { findValidQuote, type Quote } from "@/server/portal/shop/quote-store";
import { findShopProduct } from "@/server/portal/shop/shop-products";
import type {
  CardDeclineReason,
  CardToken,
  CheckoutMember,
  PlaceOrderInput,
  PlaceOrderResult,
} from "@/lib/checkout/checkout-contract";
import { checkoutDeps, type CheckoutDeps, type CheckoutOverrides } from "./checkout-deps";
import { driveOrder } from "./drive-order";
import { orderKeys } from "./order-keys";
import { isUnfinished } from "@/lib/checkout/order-states";
import {
  findOrder,
  findOrderByCheckoutKey,
  findOrderEvents,
  insertOrder,
  isOrderId,
  type OrderRow,
} from "./order-store";
import { toOrderView } from "./order-view";
import type { SagaRun } from "./saga-run";
import { withSpan } from "@/server/observability/tracing";

/** A random id the form renders (a UUID or base64url): long enough that nobody guesses another's. */
const checkoutKeyPattern = /^[A-Za-z0-9_-]{16,100}$/;

const refusals = {
  quote_expired: "This price is no longer available: prices hold for 15 minutes. See today's price.",
  option_unavailable: "This way of paying is no longer offered for this product. Choose again from today's price.",
  card_required: "Enter your card to pay the part not paid in points.",
  insufficient_points: "Your points balance does not cover this option. Choose another way to pay.",
} as const;

/** What the member reads beside the card form when the card was not authorised: nothing else moved. */
export const declineMessages: Record<CardDeclineReason, string> = {
  card_declined: "Your card was declined. No points were used. Try another card.",
  insufficient_funds: "Your card was declined: not enough funds. No points were used. Try another card.",
  processing_error: "Your card could not be processed just now. No points were used. Try again or use another card.",
  card_unusable: "We could not use these card details. No points were used. Enter your card again.",
};

function declineReason(code: string): CardDeclineReason {
  if (code === "card_declined" || code === "insufficient_funds" || code === "processing_error") return code;
  return "card_unusable";
}

const refused = (reason: keyof typeof refusals): PlaceOrderResult => ({
  kind: "refused",
  reason,
  message: refusals[reason],
});

/** The member's own live quote; without the session's programme, the programme it was priced in. */
async function findMemberQuote(db: Database, quoteId: string, member: CheckoutMember, now: Date) {
  if (member.programme) return findValidQuote(db, quoteId, { ...member, programme: member.programme }, now);
  if (!isOrderId(quoteId)) return undefined;
  const [row] = await db
    .select({ programme: quotes.programme })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.membershipNumber, member.membershipNumber)))
    .limit(1);
  return row
    ? findValidQuote(db, quoteId, { membershipNumber: member.membershipNumber, programme: row.programme }, now)
    : undefined;
}

/**
 * The card behind the token the browser sent, as the processor recorded it:
 * the brand and last four digits the order shows are the processor's, never
 * the browser's (which could claim any). Undefined when it is not a token
 * the processor knows.
 */
async function cardOf(deps: CheckoutDeps, card: CardToken | undefined): Promise<CardToken | undefined> {
  if (!card || !tokenIdSchema.safeParse(card.token).success) return undefined;
  const recorded = await deps.payments.retrieveCardToken(card.token);
  if (!recorded || !(cardBrands as readonly string[]).includes(recorded.brand) || !/^\d{4}$/.test(recorded.last4))
    return undefined;
  return { token: recorded.token, brand: recorded.brand, last4: recorded.last4 };
}

async function viewOf(deps: CheckoutDeps, order: OrderRow) {
  const events = await findOrderEvents(deps.db, [order.id]);
  return toOrderView(order, events.get(order.id) ?? [], deps.settings, deps.now(), "member");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same checkout sent again (a double click, a second tab, the back
 * button): the order it made, never a second one. While the first request
 * still drives it, this waits a little for it to settle, so both tabs show
 * the outcome.
 */
async function samePlacement(deps: CheckoutDeps, order: OrderRow, member: CheckoutMember): Promise<PlaceOrderResult> {
  if (order.membershipNumber !== member.membershipNumber) {
    throw new Error("This checkout key belongs to another member's order.");
  }
  let current = order;
  const giveUpAt = Date.now() + deps.settings.duplicateWaitMs;
  while (
    isUnfinished(current.state) &&
    current.lockedUntil !== null &&
    current.lockedUntil > deps.now() &&
    Date.now() < giveUpAt
  ) {
    await sleep(200);
    current = (await findOrder(deps.db, order.id)) ?? current;
  }
  if (current.state === "declined") return declinedAttempt(current);
  return { kind: "placed", order: await viewOf(deps, current) };
}

/** A declined attempt as the member is told of it (a repeat of the same submission reads as a plain decline). */
function declinedAttempt(order: OrderRow, code = "card_declined"): PlaceOrderResult {
  const reason = declineReason(code);
  return { kind: "declined", reason, message: declineMessages[reason], attemptId: order.id };
}

function placedDescription(productName: string, points: number, cashMinor: number, currency: string, card?: CardToken) {
  const parts = [
    points > 0 ? `${formatPoints(points)} points` : null,
    cashMinor > 0
      ? `${formatMoney(cashMinor, currency)} by ${card ? `${cardBrandName(card.brand) ?? "a"} card ending ${card.last4}` : "card"}`
      : null,
  ].filter(Boolean);
  return `Order placed: ${productName} for ${parts.join(" and ")}`;
}

/**
 * The redemption checkout, while the member waits: the order is stored
 * (priced) with a lease, then the saga holds the card part, debits the
 * points (P5) and captures the hold (checkout-steps.ts); a declined card
 * moves nothing, and a capture that fails releases the hold and returns the
 * points at once (P6). An outcome that is not known yet is left to the
 * recovery worker, and the member sees "Confirming payment". Refusals
 * before anything is stored tell the member what to fix.
 */
export function placeOrder(input: PlaceOrderInput, overrides: CheckoutOverrides = {}): Promise<PlaceOrderResult> {
  return withSpan("checkout place-order", async (span) => {
    const result = await placeAndDrive(input, overrides);
    span.setAttribute("checkout.outcome", result.kind === "placed" ? result.order.state : result.reason);
    return result;
  });
}

async function placeAndDrive(input: PlaceOrderInput, overrides: CheckoutOverrides): Promise<PlaceOrderResult> {
  if (!checkoutKeyPattern.test(input.checkoutKey)) {
    throw new TypeError("checkoutKey must be 16 to 100 letters, digits, - or _ (a random id per checkout form).");
  }
  const deps = await checkoutDeps(overrides);
  const { db, settings } = deps;
  const existing = await findOrderByCheckoutKey(db, input.checkoutKey);
  if (existing) return samePlacement(deps, existing, input.member);

  const now = deps.now();
  const quote: Quote | undefined = await findMemberQuote(db, input.quoteId, input.member, now);
  if (!quote) return refused("quote_expired");
  const choice = priceChoices(quote.options, { minor: quote.priceMinor, currency: quote.currency }, quote.balance).find(
    (candidate) => candidate.id === input.optionId,
  );
  if (!choice) return refused("option_unavailable");
  if (!choice.affordable) return refused("insufficient_points");
  const needsCard = choice.cashMinor > 0;
  if (needsCard && !(chargeCurrencies as readonly string[]).includes(choice.currency))
    return refused("option_unavailable");
  const card = needsCard ? await cardOf(deps, input.card) : undefined;
  if (needsCard && !card) return refused("card_required");
  const productName = (await findShopProduct(db, quote.productId))?.product.name ?? quote.productId;

  const id = randomUUID();
  const leaseToken = randomUUID();
  const inserted = await insertOrder(
    db,
    {
      id,
      checkoutKey: input.checkoutKey,
      membershipNumber: quote.membershipNumber,
      programme: quote.programme,
      quoteId: quote.id,
      optionId: choice.id,
      productId: quote.productId,
      productName: productName.slice(0, 120),
      points: choice.points,
      cashMinor: choice.cashMinor,
      currency: choice.currency,
      cardToken: card?.token ?? null,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      state: "priced",
      // Kept sealed only until the debit's outcome is known, so the worker can replay P5 after a crash.
      memberToken: choice.points > 0 ? deps.tokenVault.seal(input.member.accessToken) : null,
      ...orderKeys(id),
      leaseToken,
      lockedUntil: new Date(now.getTime() + settings.leaseMs),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
    {
      at: now,
      step: "priced",
      state: "priced",
      description: placedDescription(productName, choice.points, choice.cashMinor, choice.currency, card),
      message: orderMessage("placed", {
        points: choice.points,
        cashMinor: choice.cashMinor,
        currency: choice.currency,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
      }),
      actor: "member",
    },
  );
  if (!inserted) {
    // Another tab with the same form won the insert: its order is this checkout's.
    const winner = await findOrderByCheckoutKey(db, input.checkoutKey);
    if (!winner) throw new Error("The checkout's order vanished after its key was taken.");
    return samePlacement(deps, winner, input.member);
  }
  deps.faults?.reach("state:priced");

  const run: SagaRun = {
    deps,
    order: inserted,
    leaseToken,
    mode: "member",
    actor: "member",
    agentId: settings.agentId,
    memberToken: input.member.accessToken,
    customerIp: input.customerIp,
  };
  await driveOrder(run);
  if (run.refusal) return refused(run.refusal);
  if (run.declined) return declinedAttempt(run.order, run.declined.code);
  const latest = (await findOrder(db, id)) ?? run.order;
  return { kind: "placed", order: await viewOf(deps, latest) };
}

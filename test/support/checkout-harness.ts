import { context, ROOT_CONTEXT } from "@opentelemetry/api";
import { and, eq, inArray, or } from "drizzle-orm";
import * as captureRoute from "@/app/payments-sandbox/v1/authorisations/[authorisationId]/capture/route";
import * as voidRoute from "@/app/payments-sandbox/v1/authorisations/[authorisationId]/void/route";
import * as authorisationsRoute from "@/app/payments-sandbox/v1/authorisations/route";
import * as refundsRoute from "@/app/payments-sandbox/v1/charges/[chargeId]/refunds/route";
import * as chargesRoute from "@/app/payments-sandbox/v1/charges/route";
import * as tokenRoute from "@/app/payments-sandbox/v1/tokens/[token]/route";
import * as tokensRoute from "@/app/payments-sandbox/v1/tokens/route";
import type { PriceOption } from "@/lib/contract/product-pricing";
import type { ClientTokenSource } from "@/lib/loyalty-client/client-token-provider";
import { createLoyaltyClient } from "@/lib/loyalty-client/loyalty-client";
import { createPaymentsClient } from "@/lib/payments-client/payments-client";
import sandbox from "@/sandbox.json";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { transactions } from "@/server/loyalty/ledger/ledger-tables";
import { authorisations, captures, charges, refunds, voids } from "@/server/payments/db/schema";
import type { CardToken } from "@/lib/checkout/checkout-contract";
import type { CheckoutLogger, CheckoutOverrides } from "@/server/portal/checkout/checkout-deps";
import { orders } from "@/server/portal/db/schema";
import { saveQuote } from "@/server/portal/shop/quote-store";
import { demoApiKey, origin, type RouteHandler } from "./call-route";
import { issueMemberToken } from "./member-tokens";
import { clientToken } from "./offline-agents";
import { cardBody, testCards } from "./payment-cards";
import { routeFetch } from "./route-fetch";

export { testCards };

/** demo.member1: 250,000 points in the primary programme. */
export const shopper = sandbox.members.find((member) => member.username === "demo.member1")!;
export const shopperNumber = shopper.membershipNumber;

const paymentsRoutes: { pattern: RegExp; module: object; params: string[] }[] = [
  { pattern: /^\/payments-sandbox\/v1\/tokens$/, module: tokensRoute, params: [] },
  { pattern: /^\/payments-sandbox\/v1\/tokens\/([^/]+)$/, module: tokenRoute, params: ["token"] },
  { pattern: /^\/payments-sandbox\/v1\/charges$/, module: chargesRoute, params: [] },
  { pattern: /^\/payments-sandbox\/v1\/charges\/([^/]+)\/refunds$/, module: refundsRoute, params: ["chargeId"] },
  { pattern: /^\/payments-sandbox\/v1\/authorisations$/, module: authorisationsRoute, params: [] },
  {
    pattern: /^\/payments-sandbox\/v1\/authorisations\/([^/]+)\/capture$/,
    module: captureRoute,
    params: ["authorisationId"],
  },
  {
    pattern: /^\/payments-sandbox\/v1\/authorisations\/([^/]+)\/void$/,
    module: voidRoute,
    params: ["authorisationId"],
  },
];

/** The answer, or the abort when the caller's signal fires first: a timeout as the client sees one over a network. */
function abortable(answer: Promise<Response>, signal: AbortSignal | null): Promise<Response> {
  if (!signal) return answer;
  return Promise.race([
    answer,
    new Promise<Response>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    }),
  ]);
}

/** What went over the wire, for assertions on keys and counts. */
export interface SentRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  agentId: string | null;
}

/**
 * A fetch that hands the portal's calls to the app's real route handlers
 * (the loyalty service's and the payments sandbox's), in process, honouring
 * the caller's timeout signal. As over a network, the handler runs outside
 * the caller's trace context: only the request's headers carry the trace.
 */
export function checkoutFetch(): { fetch: typeof fetch; sent: SentRequest[] } {
  const loyalty = routeFetch();
  const sent: SentRequest[] = [];
  const dispatch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    context.with(ROOT_CONTEXT, () => dispatchRequest(input, init));
  const dispatchRequest = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    sent.push({
      method: request.method,
      path,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      agentId: request.headers.get("X-Agent-Id"),
    });
    for (const route of paymentsRoutes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(
        route.params.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
      );
      const handler = (route.module as Partial<Record<string, RouteHandler>>)[request.method];
      if (!handler) return new Response(null, { status: 405 });
      return abortable(handler(request, { params: Promise.resolve(params) }), init?.signal ?? null);
    }
    return abortable(loyalty.fetch(request), init?.signal ?? null);
  };
  return { fetch: dispatch as typeof fetch, sent };
}

/** Log lines the saga wrote, kept for assertions (no token or card number may appear). */
export function capturingLogger(): CheckoutLogger & { lines: string[] } {
  const lines: string[] = [];
  const write = (fields: object, message: string) => {
    lines.push(
      JSON.stringify({ ...fields, message }, (_, value: unknown) =>
        value instanceof Error ? { name: value.name, message: value.message } : value,
      ),
    );
  };
  return { lines, info: write, warn: write, error: write };
}

/** The partner's client token for agent calls, asked once from the real grant service. */
function agentTokenSource(): ClientTokenSource {
  let token: Promise<string> | undefined;
  return {
    token: () => (token ??= clientToken("retrieve_account retrieve_membership reverse_transaction")),
    invalidate: () => {
      token = undefined;
    },
  };
}

export interface HarnessOptions {
  /** The processor's timeout: a little under the sandbox's delay for the timeout card. */
  paymentsTimeoutMs?: number;
}

/** The saga's dependencies over the app's real routes, with a capturing logger and small settings for tests. */
export function checkoutHarness(db: () => Database, options: HarnessOptions = {}) {
  const wire = checkoutFetch();
  const logger = capturingLogger();
  const loyalty = createLoyaltyClient({
    baseUrl: `${origin}/api`,
    apiKey: demoApiKey,
    applicationName: sandbox.svcClientApplicationName,
    timeoutMs: 10_000,
    fetch: wire.fetch,
  });
  const payments = createPaymentsClient({
    baseUrl: `${origin}/payments-sandbox`,
    secretKey: env().PAYMENTS_SECRET_KEY,
    timeoutMs: options.paymentsTimeoutMs ?? 5_000,
    fetch: wire.fetch,
  });
  const agentTokens = agentTokenSource();
  const deps = (overrides: CheckoutOverrides = {}): CheckoutOverrides => ({
    db: db(),
    loyalty,
    payments,
    agentTokens,
    logger,
    ...overrides,
    settings: { duplicateWaitMs: 300, ...overrides.settings },
  });
  // The whole processor client too: a test may make what the saga never sends (a one-step charge).
  return { deps, wire, logger, payments };
}

/** The clock of a worker that runs after every lease taken now has lapsed. */
export const afterLeases =
  (ms = 60_000) =>
  () =>
    new Date(Date.now() + ms);

/** A card tokenised as the browser does (the full number goes to the sandbox only). */
export async function tokenisedCard(number: string): Promise<CardToken> {
  const response = await tokensRoute.POST(
    new Request(`${origin}/payments-sandbox/v1/tokens`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${env().PAYMENTS_PUBLISHABLE_KEY}` },
      body: JSON.stringify(cardBody(number)),
    }),
    { params: Promise.resolve({}) },
  );
  const body = (await response.json()) as { token: string; brand: string; last4: string };
  if (response.status !== 201) throw new Error(`tokenise answered ${response.status}`);
  return { token: body.token, brand: body.brand, last4: body.last4 };
}

/** A quote for the shopper of one product at one option: `points` with `cashMinor` (pence), and paying all in cash. */
export async function quoteFor(
  db: Database,
  option: { points: number; cashMinor: number },
  product = { id: "FLIGHT-LHR-MAD", priceMinor: 18_000, currency: "GBP" },
  membershipNumber = shopperNumber,
): Promise<string> {
  const options: PriceOption[] =
    option.points > 0
      ? [
          {
            priceOptionType: "PART_AVIOS_PART_CASH",
            cashAmount: { amount: option.cashMinor / 100, currency: { code: product.currency } },
            pointsAmount: { amount: option.points, currency: { code: "POINTS" } },
          },
        ]
      : [];
  const quote = await saveQuote(
    db,
    { membershipNumber, programme: "NORTHSTAR" },
    { productId: product.id, priceMinor: product.priceMinor, currency: product.currency, balance: undefined, options },
    new Date(),
  );
  return quote.id;
}

/** The option id placeOrder takes for a quote made by quoteFor. */
export const optionIdFor = (option: { points: number }) => (option.points > 0 ? "0" : "cash");

/** A member's token as the service issues it. */
export const memberToken = (db: Database, membershipNumber = shopperNumber) => issueMemberToken(db, membershipNumber);

/** What the three parties hold about one order: its row, the journal entries and the charges and refunds. */
export async function orderFacts(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  const journal = await db
    .select()
    .from(transactions)
    .where(inArray(transactions.externalTransactionIdentifier, [order.debitExternalId, order.reversalExternalId]));
  const debits = journal.filter((entry) => entry.kind === "DEBIT");
  const reversals = journal.filter((entry) => entry.kind === "REVERSAL");
  const held = order.authoriseKey
    ? await db.select().from(authorisations).where(eq(authorisations.idempotencyKey, order.authoriseKey))
    : [];
  const heldIds = held.map((row) => row.id);
  const captured_ = heldIds.length
    ? await db.select().from(captures).where(inArray(captures.authorisationId, heldIds))
    : [];
  const voided = heldIds.length ? await db.select().from(voids).where(inArray(voids.authorisationId, heldIds)) : [];
  const capturedCharges = captured_.flatMap((capture) => (capture.chargeId ? [capture.chargeId] : []));
  const charged = await db
    .select()
    .from(charges)
    .where(
      capturedCharges.length
        ? or(eq(charges.idempotencyKey, order.chargeKey), inArray(charges.id, capturedCharges))
        : eq(charges.idempotencyKey, order.chargeKey),
    );
  const refunded = charged.length
    ? await db
        .select()
        .from(refunds)
        .where(
          and(
            inArray(
              refunds.chargeId,
              charged.map((charge) => charge.id),
            ),
          ),
        )
    : [];
  const captured = charged.filter((charge) => charge.status === "captured");
  const successfulCaptures = captured_.filter((capture) => capture.status === "succeeded");
  return {
    order,
    /** The card's authorisations (one at most), their successful captures and their voids. */
    authorisations: held,
    successfulCaptures,
    voids: voided,
    /** Held, authorised, and neither captured nor voided: a hold left hanging. */
    openHolds: held.filter(
      (row) =>
        row.status === "authorised" &&
        !successfulCaptures.some((capture) => capture.authorisationId === row.id) &&
        !voided.some((entry) => entry.authorisationId === row.id),
    ).length,
    debits,
    reversals,
    charges: charged,
    captured,
    refunds: refunded,
    /** Points taken and not given back. */
    pointsKept:
      debits.reduce((sum, entry) => sum - Number(entry.pointsDelta), 0) -
      reversals.reduce((sum, entry) => sum + Number(entry.pointsDelta), 0),
    /** Money taken and not given back. */
    cashKept:
      captured.reduce((sum, charge) => sum + charge.amount, 0) -
      refunded.reduce((sum, refund) => sum + refund.amount, 0),
  };
}

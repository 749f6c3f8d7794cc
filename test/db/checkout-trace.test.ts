import { randomUUID } from "node:crypto";
import { SpanKind } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type NodeTracerProvider,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTracerProvider, stopTracing } from "@/server/observability/register-tracing";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { refundOrderAction } from "@/server/portal/staff/actions/refund-order-action";
import {
  checkoutFetch,
  checkoutHarness,
  memberToken,
  optionIdFor,
  quoteFor,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "../support/checkout-harness";
import { completedOrder } from "../support/staff-orders";
import { newStaffRequest, signInAs } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

process.env.NEXTAUTH_SECRET ??= "checkout-trace-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);
const exporter = new InMemorySpanExporter();
let provider: NodeTracerProvider;

beforeAll(() => {
  // The production tracer provider, with the spans kept in memory instead of exported.
  provider = registerTracerProvider([new SimpleSpanProcessor(exporter)]);
  // The portal's own clients (loyaltyService, paymentsService) over the app's route handlers: the handlers run
  // outside the caller's context, so only the request's `traceparent` header can carry the trace across.
  vi.stubGlobal("fetch", checkoutFetch().fetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await stopTracing(provider);
});
beforeEach(() => newStaffRequest());

const spanId = (span: ReadableSpan) => span.spanContext().spanId;
const parentId = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const startedAt = (span: ReadableSpan) => span.startTime[0] * 1e9 + span.startTime[1];

/** The names of a span's ancestors, nearest first. */
function ancestors(spans: readonly ReadableSpan[], span: ReadableSpan): string[] {
  const byId = new Map(spans.map((each) => [spanId(each), each]));
  const names: string[] = [];
  for (let parent = byId.get(parentId(span) ?? ""); parent; parent = byId.get(parentId(parent) ?? ""))
    names.push(parent.name);
  return names;
}

function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

/** One trace, one root, and every other span's parent among the trace's own spans. */
function expectOneTrace(spans: readonly ReadableSpan[], rootName: string): void {
  expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
  const roots = spans.filter((span) => parentId(span) === undefined);
  expect(roots.map((span) => span.name)).toEqual([rootName]);
  const ids = new Set(spans.map(spanId));
  for (const span of spans) if (span !== roots[0]) expect(ids.has(parentId(span)!), span.name).toBe(true);
}

/** What the spans carry of a member or an order, as text: none of it may be there. */
function expectImpersonal(spans: readonly ReadableSpan[], secrets: string[]): void {
  const text = JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes })));
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe("one checkout, one trace", () => {
  it("runs the portal's steps, the service's debit and the processor's authorise and capture in one trace", async () => {
    const option = { points: 9_000, cashMinor: 9_000 };
    const quoteId = await quoteFor(db(), option);
    const card = await tokenisedCard(testCards.APPROVED);
    const accessToken = await memberToken(db());
    exporter.reset();

    const result = await placeOrder(
      {
        member: { membershipNumber: shopperNumber, accessToken },
        quoteId,
        optionId: optionIdFor(option),
        card,
        checkoutKey: randomUUID(),
      },
      { db: db() },
    );
    if (result.kind !== "placed") throw new Error(`refused: ${result.reason}`);
    expect(result.order.state).toBe("completed");

    const spans = exporter.getFinishedSpans();
    expectOneTrace(spans, "checkout place-order");

    // The saga's steps, each under the drive of the order.
    for (const step of ["checkout authorise", "checkout debit", "checkout capture"]) {
      expect(ancestors(spans, only(spans, step))).toEqual(["checkout drive", "checkout place-order"]);
    }
    // Each party's operation: a server span under the portal's client span, under the step that sent it.
    const debit = only(spans, "loyalty debit-currency");
    expect(ancestors(spans, debit)).toEqual([
      "POST loyalty",
      "checkout debit",
      "checkout drive",
      "checkout place-order",
    ]);
    expect(ancestors(spans, only(spans, "payments create-authorisation"))).toEqual([
      "POST payments",
      "checkout authorise",
      "checkout drive",
      "checkout place-order",
    ]);
    expect(ancestors(spans, only(spans, "payments capture-authorisation"))).toEqual([
      "POST payments",
      "checkout capture",
      "checkout drive",
      "checkout place-order",
    ]);
    // The service and the processor continued the trace from the request's traceparent, not from shared memory.
    const received = spans.filter((span) => span.kind === SpanKind.SERVER);
    expect(received.length).toBeGreaterThanOrEqual(3);
    for (const span of received) {
      expect(span.parentSpanContext?.isRemote, span.name).toBe(true);
      const client = spans.find((each) => spanId(each) === parentId(span))!;
      expect(client.kind, span.name).toBe(SpanKind.CLIENT);
    }

    expect(debit.attributes).toMatchObject({
      "loyalty.operation": "debit-currency",
      "http.response.status_code": 201,
      "loyalty.partner_kind": "partner",
      "loyalty.key_environment": expect.stringMatching(/^(staging|live)$/),
    });
    expect(only(spans, "checkout debit").attributes).toMatchObject({
      "checkout.step": "debit",
      "checkout.phase": "run",
      "checkout.mode": "member",
      "checkout.state_before": "card_authorised",
      "checkout.result": "moved",
      "checkout.state_after": "points_debited",
    });
    expect(only(spans, "checkout place-order").attributes).toMatchObject({ "checkout.outcome": "completed" });
    expectImpersonal(spans, [
      shopperNumber,
      accessToken,
      card.token,
      result.order.id,
      result.order.orderNumber,
      quoteId,
    ]);
  });

  it("traces a staff refund as one trace: the action, the compensations and the parties' operations", async () => {
    await signInAs(db(), "staff.admin");
    const order = await completedOrder(db(), harness, { points: 4_000, cashMinor: 14_000 });
    exporter.reset();

    const result = await refundOrderAction({
      membershipNumber: shopperNumber,
      orderId: order.id,
      formKey: randomUUID(),
      reasonCode: "complaint",
      reason: "Goodwill refund",
    });
    expect(result).toMatchObject({ ok: true });

    const spans = exporter.getFinishedSpans();
    expectOneTrace(spans, "action order.refunded");
    expect(only(spans, "action order.refunded").attributes).toMatchObject({
      "action.kind": "staff",
      "action.outcome": "ok",
    });
    // Points first (only they have a window), then the card.
    const reverse = only(spans, "checkout debit compensate");
    const refund = only(spans, "checkout capture compensate");
    expect(reverse.attributes).toMatchObject({ "checkout.phase": "compensate", "checkout.state_before": "cancelling" });
    expect(startedAt(reverse)).toBeLessThan(startedAt(refund));
    expect(ancestors(spans, only(spans, "loyalty reverse-transaction"))).toContain("checkout debit compensate");
    expect(ancestors(spans, only(spans, "payments create-refund"))).toContain("checkout capture compensate");
    expectImpersonal(spans, [shopperNumber, order.id, "Goodwill refund"]);
  });
});

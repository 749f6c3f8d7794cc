import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OrderDetails } from "@/components/orders/order-details";
import type { CancelOrder } from "@/components/orders/use-cancel-order";
import { balanceQueryKey } from "@/components/portal/balance-badge";
import { formatLocalMinute } from "@/components/portal/local-time";
import type { OrderTimelineEntry, OrderView } from "@/lib/checkout/checkout-contract";
import { memberStatus, type OrderState } from "@/lib/checkout/order-states";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

const debit: OrderTimelineEntry = {
  at: "2026-11-22T10:00:01.000Z",
  step: "points_debited",
  description: "9,000 points debited (transaction 0000123)",
  call: { operation: "P5 debit", status: 201, requestId: "req-debit-1" },
};
const charge = (status: number | null, step: string, description: string): OrderTimelineEntry => ({
  at: "2026-11-22T10:00:02.000Z",
  step,
  description,
  call: { operation: "charge", status, requestId: status === null ? null : "req-charge-1" },
});
const reversal: OrderTimelineEntry = {
  at: "2026-11-22T10:00:03.000Z",
  step: "points_returned",
  description: "9,000 points returned (reversal 0000124)",
  call: { operation: "P6 reverse", status: 201, requestId: "req-reverse-1" },
};

function order(state: OrderState, timeline: OrderTimelineEntry[], extra: Partial<OrderView> = {}): OrderView {
  return {
    id: "order-1",
    orderNumber: "NS-2026-000042",
    membershipNumber: "3081000000000012",
    productId: "FLIGHT-LHR-MAD",
    productName: "London Heathrow to Madrid, economy",
    state,
    status: memberStatus[state],
    points: 9000,
    cashMinor: 9000,
    currency: "GBP",
    debitTransactionId: "0000123",
    card: { brand: "visa", last4: "4242" },
    journey: [{ outbound: true, flightNumber: "NS 117", from: "LHR", to: "MAD", departs: "2026-12-22" }],
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:03.000Z",
    cancellableUntil: null,
    timeline,
    ...extra,
  };
}

const completed = order("completed", [debit, charge(201, "completed", "£90.00 taken from Visa ending 4242")], {
  cancellableUntil: "2026-11-23T10:00:00.000Z",
});

/** The portal's endpoints as the browser reaches them: the order (answers in turn) and the balance. */
function stubPortal(orders: OrderView[], balance = 60_000) {
  const answers = [...orders];
  const fetchMock = vi.fn(async (url: string | URL | Request) => {
    const path = String(url);
    if (path === "/member/balance") return Response.json({ amount: balance });
    if (path === "/member/orders/order-1") return Response.json(answers.length > 1 ? answers.shift() : answers[0]);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function setup(initial: OrderView, cancelOrder: CancelOrder = vi.fn<CancelOrder>()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(balanceQueryKey, 60_000);
  render(
    <QueryClientProvider client={client}>
      <OrderDetails initialOrder={initial} cancelOrder={cancelOrder} />
    </QueryClientProvider>,
  );
  return { client, user: userEvent.setup() };
}

const outcome = () => screen.getAllByRole("status")[0]!;

beforeEach(() => {
  stubPortal([completed]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an order's page", () => {
  it("gives a completed order's receipt: number, points with the debit's id, card and cash taken", () => {
    setup(completed);
    expect(outcome().textContent).toContain("Your order is complete");
    expect(outcome().textContent).toContain("We took 9,000 points and £90.00, paid with your Visa ending 4242.");
    const receipt = within(screen.getByRole("region", { name: "Receipt" }));
    expect(receipt.getByText("NS-2026-000042")).toBeTruthy();
    expect(receipt.getByText("Points used").nextElementSibling?.textContent).toBe("9,000Points transaction 0000123");
    expect(receipt.getByText("Flight").nextElementSibling?.textContent).toBe("NS 117 · LHR to MAD · Tue, 22 Dec 2026");
    expect(receipt.getByText("Card").nextElementSibling?.textContent).toBe("Visa ending 4242");
    expect(receipt.getByText("Cash taken").nextElementSibling?.textContent).toBe("£90.00");
    expect(receipt.getByText("Completed")).toBeTruthy();
  });

  it("lists every step in the member's words at local time, the call behind it only under Technical details", () => {
    setup(completed);
    const timeline = within(screen.getByRole("region", { name: "Timeline" }));
    const steps = within(timeline.getAllByRole("list")[0]!).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      `Points used9,000 points debited${formatLocalMinute("2026-11-22T10:00:01.000Z")}`,
      `Card charged£90.00 taken from Visa ending 4242${formatLocalMinute("2026-11-22T10:00:02.000Z")}`,
    ]);
    for (const step of steps) expect(step.textContent).not.toMatch(/HTTP|request|P5|0000123/);
    const details = timeline.getByText("Technical details").closest("details")!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain("P5 debit · HTTP 201 · request req-debit-1");
    expect(details.textContent).toContain("(transaction 0000123)");
    expect(details.textContent).toContain("charge · HTTP 201 · request req-charge-1");
  });

  it.each([
    [402, "Your card was declined. Your 9,000 points are back."],
    [502, "Your card payment did not go through. Your 9,000 points are back."],
  ])("says the points are back after a charge answered %i, with the balance", (status, sentence) => {
    setup(
      order("points_returned", [debit, charge(status, "capture_failed", "The card payment failed"), reversal], {
        card: { brand: "visa", last4: "0002" },
      }),
    );
    expect(outcome().textContent).toContain(sentence);
    expect(outcome().textContent).toContain("Your balance is 60,000 points.");
    const details = within(screen.getByRole("region", { name: "Order details" }));
    expect(details.getByText("Points returned")).toBeTruthy();
    expect(details.getByText("Points").nextElementSibling?.textContent).toBe(
      "9,000 (returned)Points transaction 0000123",
    );
    expect(details.getByText("Card payment").nextElementSibling?.textContent).toBe("£90.00 (not taken)");
    expect(screen.queryByRole("button", { name: "Cancel this order" })).toBeNull();
  });

  it("says a capture the processor refused (402 after a hold) took nothing, not that the card was declined", () => {
    const refusedCapture: OrderTimelineEntry = {
      at: "2026-11-22T10:00:02.000Z",
      step: "capture_failed",
      description: "The card payment could not be taken from the card; nothing was charged.",
      call: { operation: "capture", status: 402, requestId: "req-capture-1" },
    };
    setup(order("points_returned", [debit, refusedCapture, reversal]));
    expect(outcome().textContent).toContain(
      "Your bank accepted your card but the payment could not be taken. Your 9,000 points are back.",
    );
    expect(outcome().textContent).not.toContain("declined");
  });

  it("asks again while the payment is being confirmed, until it settles, then reads the balance again", async () => {
    const pending = order("capturing", [debit, charge(null, "capturing", "No answer from the processor")], {
      debitTransactionId: "0000123",
    });
    const settled = order("completed", [...pending.timeline, charge(201, "completed", "The processor took £90.00")]);
    const fetchMock = stubPortal([pending, settled], 51_000);
    setup(pending);
    expect(outcome().textContent).toContain("Confirming payment");
    await waitFor(() => expect(outcome().textContent).toContain("Your order is complete"), { timeout: 10_000 });
    const calls = () => fetchMock.mock.calls.map(([url]) => String(url));
    await waitFor(() => expect(calls()).toContain("/member/balance"));
    const before = calls().filter((url) => url.startsWith("/member/orders/")).length;
    // Settled: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(calls().filter((url) => url.startsWith("/member/orders/")).length).toBe(before);
  });

  it("cancels a completed order within the window once the member confirms: refund and reversal on the timeline", async () => {
    const cancelled = order("cancelled", [
      ...completed.timeline,
      { at: "2026-11-22T11:00:00.000Z", step: "cancelling", description: "Cancellation asked by the member" },
      { ...reversal, step: "points_reversed" },
      charge(201, "card_refunded", "£90.00 refunded to the card"),
      { at: "2026-11-22T11:00:02.000Z", step: "cancelled", description: "Order cancelled" },
    ]);
    const cancelOrder = vi.fn<CancelOrder>(async () => ({ ok: true, data: undefined }));
    const { user } = setup(completed, cancelOrder);
    stubPortal([cancelled]);
    expect(screen.getByRole("region", { name: "Changed your mind?" }).textContent).toContain(
      "we refund £90.00 to your card and return your 9,000 points",
    );
    await user.click(screen.getByRole("button", { name: "Cancel this order" }));
    const yes = screen.getByRole("button", { name: "Yes, cancel my order" });
    await waitFor(() => expect(document.activeElement).toBe(yes));
    await user.click(yes);
    await waitFor(() => expect(outcome().textContent).toContain("This order is cancelled"));
    expect(outcome().textContent).toContain("£90.00 is refunded to your card and your 9,000 points are back.");
    expect(cancelOrder).toHaveBeenCalledTimes(1);
    expect(cancelOrder).toHaveBeenCalledWith("order-1");
    expect(within(screen.getByRole("region", { name: "Order details" })).getByText("Cancelled")).toBeTruthy();
    const timeline = within(screen.getByRole("region", { name: "Timeline" })).getAllByRole("list")[0]!;
    expect(within(timeline).getAllByRole("listitem")).toHaveLength(6);
    expect(screen.getByRole("region", { name: "Order details" }).textContent).toContain("£90.00 (refunded)");
    expect(screen.queryByRole("region", { name: "Changed your mind?" })).toBeNull();
  });

  it("shows why a cancellation was refused and keeps the order", async () => {
    const cancelOrder = vi.fn<CancelOrder>(async () => ({
      ok: false,
      code: "refused",
      reason: "window_closed",
      message: "The time to cancel this order has passed.",
    }));
    const { user } = setup(completed, cancelOrder);
    await user.click(screen.getByRole("button", { name: "Cancel this order" }));
    await user.click(screen.getByRole("button", { name: "Yes, cancel my order" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The time to cancel this order has passed.");
    expect(outcome().textContent).toContain("Your order is complete");
  });

  it("offers no cancellation outside the window", () => {
    setup({ ...completed, cancellableUntil: null });
    expect(screen.queryByRole("button", { name: "Cancel this order" })).toBeNull();
  });

  it("says a cash-only order whose card failed took nothing", () => {
    setup(
      order(
        "cancelled",
        [charge(402, "capture_failed", "Card declined"), { ...debit, step: "cancelled", call: undefined }],
        {
          points: 0,
          debitTransactionId: null,
        },
      ),
    );
    expect(outcome().textContent).toContain("Your card was declined. Nothing was charged.");
  });
});

describe("order statuses", () => {
  it("are always one of the member's six words, whatever the saga's state", () => {
    const words = new Set([
      "Completed",
      "Points returned",
      "Confirming payment",
      "Needs attention",
      "Cancelled",
      "Card declined",
    ]);
    for (const [state, status] of Object.entries(memberStatus)) {
      expect(words.has(status), `${state}: ${status}`).toBe(true);
    }
  });

  it("says when a debit the service refused left nothing taken", () => {
    setup(
      order(
        "cancelled",
        [
          {
            at: "2026-11-22T10:00:01.000Z",
            step: "cancelled",
            description: "No points were debited and nothing was charged: the balance does not cover it.",
            call: { operation: "P5 debit", status: 422, requestId: "req-1" },
          },
        ],
        { debitTransactionId: null, card: null },
      ),
    );
    expect(outcome().textContent).toContain("Your order did not go through");
    expect(outcome().textContent).toContain("the balance does not cover it");
  });

  it("follows a cancellation under way", () => {
    setup(
      order("cancelling", [
        ...completed.timeline,
        { at: "2026-11-22T11:00:00.000Z", step: "cancelling", description: "Cancellation asked by the member" },
      ]),
    );
    expect(outcome().textContent).toContain("Cancelling your order");
    expect(outcome().textContent).toContain("We are refunding £90.00 to your card and returning your 9,000 points.");
  });

  it.each([
    ["en", "Refunded by Northstar Club customer care"],
    ["fr", "Remboursé par le service client Northstar Club"],
  ] as const)("reads a refund staff made as the programme's customer care's, in %s", (locale, sentence) => {
    const refundedByStaff = order("cancelled", [
      ...completed.timeline,
      {
        at: "2026-11-22T11:00:00.000Z",
        step: "cancelling",
        description: "Refunded by Northstar Club customer care",
        customerCare: { action: "refund", programme: "Northstar Club" },
      },
    ]);
    stubPortal([refundedByStaff]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(balanceQueryKey, 60_000);
    render(
      <QueryClientProvider client={client}>
        <OrderDetails initialOrder={refundedByStaff} cancelOrder={vi.fn<CancelOrder>()} />
      </QueryClientProvider>,
      { locale, messages: locale === "fr" ? (fr as typeof en) : en },
    );
    const timeline = screen.getByRole("region", { name: locale === "fr" ? fr.orders.timeline.title : "Timeline" });
    const steps = within(within(timeline).getAllByRole("list")[0]!).getAllByRole("listitem");
    expect(steps.at(-1)!.textContent).toContain(sentence);
  });
});

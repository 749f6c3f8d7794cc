import { render, screen, within } from "@/test/support/render";
import { describe, expect, it } from "vitest";
import { OrderOutcome } from "@/components/orders/order-outcome";
import { OrderTimeline } from "@/components/orders/order-timeline";
import { OrdersList } from "@/components/orders/orders-list";
import type { OrderTimelineEntry, OrderView } from "@/lib/checkout/checkout-contract";
import { memberStatus, type OrderState } from "@/lib/checkout/order-states";
import { orderMessage } from "@/lib/checkout/timeline-message";
import en from "@/messages/en.json";
import it_ from "@/messages/it.json";

const paid = { points: 26_775, cashMinor: 10_500, currency: "EUR", cardBrand: "visa", cardLast4: "4242" };

const entry = (step: string, description: string, extra: Partial<OrderTimelineEntry> = {}): OrderTimelineEntry => ({
  at: "2026-11-22T10:00:00.000Z",
  step,
  description,
  ...extra,
});

/** A payment whose capture failed, written with codes as the saga now writes it. */
const failedPayment: OrderTimelineEntry[] = [
  entry("priced", "Order placed: Madrid for 26,775 points and €105.00 by Visa card ending 4242", {
    message: orderMessage("placed", paid),
  }),
  entry("card_authorised", "€105.00 held on Visa card ending 4242", {
    message: orderMessage("cardHeld", paid),
    call: { operation: "authorise", status: 201, requestId: "req-auth-with-a-rather-long-identifier-0001" },
  }),
  entry("points_debited", "26,775 points debited (transaction 0000123)", {
    message: orderMessage("pointsUsed", paid, { kind: "transaction", id: "0000123" }),
    call: { operation: "P5 debit", status: 201, requestId: "req-debit-1" },
  }),
  entry("capture_failed", "The card payment could not be taken from Visa card ending 4242; nothing was charged.", {
    message: orderMessage("paymentNotTaken", paid),
    call: { operation: "capture", status: 402, requestId: "req-capture-1" },
  }),
  entry("points_returned", "26,775 points returned (transaction 0000124)", {
    message: orderMessage("pointsReturned", paid, { kind: "transaction", id: "0000124" }),
    call: { operation: "P6 reverse", status: 201, requestId: "req-reverse-1" },
  }),
];

function order(state: OrderState, timeline: OrderTimelineEntry[]): OrderView {
  return {
    id: "order-1",
    orderNumber: "NS-2026-000042",
    membershipNumber: "3081000000000012",
    productId: "HOTEL-MAD-3N",
    productName: "Hotel in central Madrid, 3 nights",
    state,
    status: memberStatus[state],
    points: paid.points,
    cashMinor: paid.cashMinor,
    currency: "EUR",
    debitTransactionId: "0000123",
    card: { brand: "visa", last4: "4242" },
    journey: [],
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:03.000Z",
    cancellableUntil: null,
    timeline,
  };
}

/** Every English sentence the saga wrote, as the check for English left on another language's page reads it. */
const englishDescriptions = failedPayment.map((step) => step.description.replace(/\s*\(.*\)/, ""));

describe("the order's timeline in the reader's language", () => {
  it("says each step once in English: the label, then what it did, with the brand written as the brand does", () => {
    render(<OrderTimeline entries={failedPayment} />);
    const steps = within(screen.getAllByRole("list")[0]!).getAllByRole("listitem");
    const first = steps[0]!.textContent ?? "";
    expect(first).toContain("Order placed");
    expect(first).toContain("To pay: 26,775 points + €105.00");
    // Said once: the label is not repeated in the sentence.
    expect(first.match(/Order placed/g)).toHaveLength(1);
    expect(steps[1]!.textContent).toContain("€105.00 held on your Visa ending 4242");
    expect(document.body.textContent).not.toMatch(/\bvisa\b/);
  });

  it("words every step in Italian and keeps no English sentence of the saga's, on the page or under Technical details", () => {
    render(<OrderTimeline entries={failedPayment} />, { locale: "it", messages: it_ as typeof en });
    const text = document.body.textContent ?? "";
    expect(text).toMatch(/Da pagare: 26\.775 punti \+ 105,00\s€/);
    expect(text).toContain("26.775 punti scalati dal tuo saldo");
    expect(text).toContain("Non è stato possibile addebitare il pagamento sulla tua Visa");
    for (const sentence of englishDescriptions) expect(text).not.toContain(sentence);
    // The references a member may quote stay, labelled in Italian, under Technical details.
    const details = screen.getByText("Dettagli tecnici").closest("details")!;
    expect(details.textContent).toContain("movimento 0000123");
    expect(details.textContent).toContain("P5 debit · HTTP 201");
  });

  it("wraps its technical details at spaces, breaking only an identifier longer than the line", () => {
    render(<OrderTimeline entries={failedPayment} />);
    const list = screen.getByText("Technical details").closest("details")!.querySelector("ul")!;
    expect(list.className).toContain("break-words");
    expect(list.className).not.toContain("break-all");
  });

  it("keeps an older entry's English sentence for English pages, and under Technical details elsewhere", () => {
    const older = [entry("completed", "Paid in points; nothing to charge to a card")];
    const { unmount } = render(<OrderTimeline entries={older} />);
    expect(screen.getByText("Paid in points; nothing to charge to a card")).toBeTruthy();
    unmount();
    render(<OrderTimeline entries={older} />, { locale: "it", messages: it_ as typeof en });
    const steps = within(screen.getAllByRole("list")[0]!).getAllByRole("listitem");
    expect(steps[0]!.textContent).not.toContain("Paid in points");
  });
});

describe("an order whose points came back", () => {
  it("offers to try again, at the split the order had", () => {
    render(<OrderOutcome order={order("points_returned", failedPayment)} balance={60_000} />);
    const again = screen.getByRole("link", { name: "Try again" });
    expect(again.getAttribute("href")).toBe("/shop/HOTEL-MAD-3N?points=26775");
  });

  it("reads on /orders as nothing paid, not as its price", () => {
    render(
      <OrdersList orders={[order("points_returned", failedPayment), order("completed", failedPayment.slice(0, 3))]} />,
    );
    const [returned, completed] = screen.getAllByRole("listitem");
    expect(returned!.textContent).toContain("Nothing paid");
    expect(returned!.textContent).not.toContain("26,775");
    expect(completed!.textContent).toContain("Paid: 26,775 points + €105.00");
  });
});

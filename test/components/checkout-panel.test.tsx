import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CheckoutPanel } from "@/components/checkout/checkout-panel";
import type { PlaceOrder } from "@/components/checkout/use-checkout";
import { balanceQueryKey } from "@/components/portal/balance-badge";
import type { PlaceOrderActionResult } from "@/lib/checkout/place-order-request";
import { refusal } from "@/lib/actions/action-result";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const checkoutKey = "0b7f5b0e-3c1a-4d5e-9f6a-1b2c3d4e5f60";
const token = "tok_AAAAAAAAAAAAAAAAAAAAAAAA";
const cardNumber = "4242424242424242";

/** The browser's calls: only the processor's tokens route is expected, and it tokenises any card. */
const browserFetch = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
  expect(String(url)).toBe("/payments-sandbox/v1/tokens");
  return Response.json(
    {
      object: "token",
      token,
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: 2035,
      expires_at: "2035-01-01T00:15:00.000Z",
    },
    { status: 201 },
  );
});

beforeEach(() => {
  push.mockReset();
  browserFetch.mockClear();
  vi.stubGlobal("fetch", browserFetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(options: { cashMinor?: number; points?: number; placeOrder?: PlaceOrder } = {}) {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(balanceQueryKey, 60_000);
  const placeOrder = vi.fn<PlaceOrder>(
    options.placeOrder ?? (async () => ({ ok: true, data: { orderId: "order-1" } }) satisfies PlaceOrderActionResult),
  );
  render(
    <QueryClientProvider client={client}>
      <CheckoutPanel
        quoteId="quote-1"
        optionId="2"
        checkoutKey={checkoutKey}
        points={options.points ?? 9000}
        cashMinor={options.cashMinor ?? 9000}
        currency="GBP"
        payments={{ publishableKey: "pk_sandbox_componenttest0000", baseUrl: "/payments-sandbox" }}
        productHref="/shop/FLIGHT-LHR-MAD"
        placeOrder={placeOrder}
      />
    </QueryClientProvider>,
  );
  return { user, client, placeOrder };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Card number"), "4242 4242 4242 4242");
  await user.type(screen.getByLabelText("Expiry date"), "12/35");
  await user.type(screen.getByLabelText("Security code"), "123");
  await user.type(screen.getByLabelText("Name on card"), "Casey Shopper");
}

describe("the checkout panel", () => {
  it("sends the action only the token, brand and last four, then opens the order and reads the balance again", async () => {
    const { user, client, placeOrder } = setup();
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" }));

    await waitFor(() => expect(push).toHaveBeenCalledWith("/orders/order-1"));
    expect(placeOrder).toHaveBeenCalledTimes(1);
    const request = placeOrder.mock.calls[0]![0];
    expect(request).toEqual({
      quoteId: "quote-1",
      optionId: "2",
      checkoutKey,
      card: { token, brand: "visa", last4: "4242" },
    });
    expect(JSON.stringify(request)).not.toContain(cardNumber);
    expect(client.getQueryState(balanceQueryKey)?.isInvalidated).toBe(true);
    // Until the order's page opens, the button stays disabled.
    expect((screen.getByRole("button", { name: /Paying/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("makes one order of a double click: one token, one action call", async () => {
    let answer: (result: PlaceOrderActionResult) => void = () => {};
    const { user, placeOrder } = setup({
      placeOrder: () => new Promise<PlaceOrderActionResult>((resolve) => (answer = resolve)),
    });
    await fillCard(user);
    // Two submits in one go, as when the second click lands before the button is disabled.
    const form = screen.getByRole("form", { name: "Card details" });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    answer({ ok: true, data: { orderId: "order-1" } });
    await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(browserFetch).toHaveBeenCalledTimes(1);
    expect(placeOrder).toHaveBeenCalledTimes(1);
  });

  it("after a decline: stays, says so beside the form, and the next card is a new attempt under a new key", async () => {
    const answers: PlaceOrderActionResult[] = [
      refusal("refused", "Your card was declined. No points were used. Try another card.", {
        reason: "card_declined",
      }),
      { ok: true, data: { orderId: "order-2" } },
    ];
    const { user, placeOrder } = setup({ placeOrder: async () => answers.shift()! });
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your card was declined. No points were used. Try another card.");
    // Focus moves to the message (on the next frame): the member types the next card after that.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(push).not.toHaveBeenCalled();
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/orders/order-2"));
    const [first, second] = placeOrder.mock.calls.map(([request]) => request.checkoutKey);
    expect(first).toBe(checkoutKey);
    expect(second).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(checkoutKey);
  });

  it("says the bank is still confirming after 2 s, and not before", async () => {
    let answer: (result: PlaceOrderActionResult) => void = () => {};
    const { user } = setup({
      placeOrder: () => new Promise<PlaceOrderActionResult>((resolve) => (answer = resolve)),
    });
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" }));
    const status = () =>
      screen
        .getAllByRole("status")
        .map((element) => element.textContent)
        .join(" ");
    expect(status()).not.toContain("Still confirming");
    await waitFor(() => expect(status()).toContain("Still confirming with your bank — don't close this page."), {
      timeout: 4_000,
    });
    answer({ ok: true, data: { orderId: "order-1" } });
    await waitFor(() => expect(push).toHaveBeenCalledWith("/orders/order-1"));
  });

  it("pays an all-points option without a card step", async () => {
    const { user, placeOrder } = setup({ cashMinor: 0, points: 18_000 });
    expect(screen.queryByLabelText("Card number")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Pay 18,000 points" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/orders/order-1"));
    expect(placeOrder).toHaveBeenCalledWith({ quoteId: "quote-1", optionId: "2", checkoutKey });
    expect(browserFetch).not.toHaveBeenCalled();
  });

  it("leads back to the product when the price no longer holds", async () => {
    const { user } = setup({
      cashMinor: 0,
      points: 18_000,
      placeOrder: async () => ({
        ok: false,
        code: "refused",
        reason: "quote_expired",
        message: "Prices hold for 15 minutes.",
      }),
    });
    await user.click(screen.getByRole("button", { name: "Pay 18,000 points" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This price is no longer available");
    expect(alert.textContent).toContain("Nothing was charged or debited.");
    expect(screen.getByRole("link", { name: "See today's price" }).getAttribute("href")).toBe("/shop/FLIGHT-LHR-MAD");
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(push).not.toHaveBeenCalled();
  });

  it("shows any other refusal in the form and lets the member try again", async () => {
    const placeOrder = vi
      .fn<PlaceOrder>()
      .mockResolvedValueOnce({
        ok: false,
        code: "unavailable",
        reason: "unavailable",
        message: "We could not confirm your order.",
      })
      .mockResolvedValueOnce({ ok: true, data: { orderId: "order-2" } });
    const { user } = setup({ placeOrder });
    await fillCard(user);
    await user.click(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" }));
    expect((await screen.findByRole("alert")).textContent).toContain("We could not confirm your order.");
    await user.click(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/orders/order-2"));
    // The same checkout both times: the saga answers a repeat with the same order.
    expect(placeOrder.mock.calls.map(([request]) => request.checkoutKey)).toEqual([checkoutKey, checkoutKey]);
  });
});

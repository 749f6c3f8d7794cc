import { render, screen, waitFor } from "@/test/support/render";
import { useState } from "react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CardForm } from "@/components/checkout/card-form";
import { TestCardsTable } from "@/components/checkout/test-cards-table";
import type { OnTokenised } from "@/components/checkout/use-card-form";
import type { TokeniseOutcome, tokeniseCard } from "@/lib/payments-client/tokenise-card";
import { testCardsOf } from "@/lib/payments-contract/test-cards";
import sandbox from "@/sandbox.json";

const now = new Date("2026-06-15T12:00:00Z");
const publishableKey = "pk_sandbox_componenttest0000";

const tokenised: TokeniseOutcome = {
  kind: "tokenised",
  token: {
    object: "token",
    token: "tok_AAAAAAAAAAAAAAAAAAAAAAAA",
    brand: "visa",
    last4: "4242",
    exp_month: 12,
    exp_year: 2027,
    expires_at: "2026-06-15T12:15:00.000Z",
  },
};

function setup(
  options: {
    points?: number;
    outcome?: TokeniseOutcome;
    onTokenised?: OnTokenised;
  } = {},
) {
  const user = userEvent.setup();
  const tokenise = vi.fn<typeof tokeniseCard>(async () => options.outcome ?? tokenised);
  const onTokenised = vi.fn<OnTokenised>(options.onTokenised ?? (async () => undefined));
  render(
    <CardForm
      publishableKey={publishableKey}
      paymentsBaseUrl="/payments-sandbox"
      cashAmount={9000}
      currency="GBP"
      points={options.points}
      onTokenised={onTokenised}
      tokenise={tokenise}
      now={now}
    />,
  );
  return { user, tokenise, onTokenised };
}

type User = ReturnType<typeof userEvent.setup>;

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The error text tied to a field by aria-describedby, if one is shown. */
function errorOf(input: HTMLElement): string | undefined {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.id.endsWith("-error"));
  return error?.textContent?.replace(/^!?Error: /, "");
}

async function fillValid(user: User) {
  await user.type(field("Card number"), "4242 4242 4242 4242");
  await user.type(field("Expiry date"), "12/27");
  await user.type(field("Security code"), "123");
  await user.type(field("Name on card"), "Jo Tester");
}

describe("the card form", () => {
  it("labels its four fields and names the button after both legs", () => {
    setup({ points: 9000 });
    for (const label of ["Card number", "Expiry date", "Security code", "Name on card"]) {
      expect(field(label).tagName).toBe("INPUT");
    }
    expect(field("Card number").autocomplete).toBe("cc-number");
    expect(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" })).toBeTruthy();
  });

  it("names only the card leg when no points are redeemed", () => {
    setup();
    expect(screen.getByRole("button", { name: "Pay £90.00" })).toBeTruthy();
  });

  it("says a number fails the Luhn check as soon as it is complete, while the member is still typing", async () => {
    const { user } = setup();
    const number = field("Card number");
    await user.type(number, "4242 4242 4242 424");
    expect(errorOf(number)).toBeUndefined();
    expect(number.getAttribute("aria-invalid")).toBeNull();

    await user.type(number, "1");
    expect(document.activeElement).toBe(number);
    await waitFor(() => expect(errorOf(number)).toBe("Enter a valid card number."));
    expect(number.getAttribute("aria-invalid")).toBe("true");

    await user.type(number, "{Backspace}2");
    await waitFor(() => expect(errorOf(number)).toBeUndefined());
  });

  it("says an expiry date has passed as it is typed, and accepts this month", async () => {
    const { user } = setup();
    const expiry = field("Expiry date");
    await user.type(expiry, "05/26");
    await waitFor(() => expect(errorOf(expiry)).toBe("This card has expired."));
    await user.clear(expiry);
    await user.type(expiry, "06/26");
    await waitFor(() => expect(errorOf(expiry)).toBeUndefined());
    await user.clear(expiry);
    await user.type(expiry, "13/27");
    await waitFor(() => expect(errorOf(expiry)).toBe("Enter an expiry month from 01 to 12."));
  });

  it("judges the other fields when the member leaves them", async () => {
    const { user } = setup();
    const code = field("Security code");
    await user.type(code, "12");
    expect(errorOf(code)).toBeUndefined();
    await user.tab();
    await waitFor(() => expect(errorOf(code)).toBe("Enter the 3 or 4 digit security code."));
  });

  it("refuses to submit an empty form: every field says what it needs, the first gets focus", async () => {
    const { user, tokenise } = setup();
    await user.click(screen.getByRole("button", { name: /^Pay/ }));
    await waitFor(() => expect(errorOf(field("Card number"))).toBe("Enter the card number."));
    expect(errorOf(field("Expiry date"))).toBe("Enter the expiry date.");
    expect(errorOf(field("Security code"))).toBe("Enter the security code.");
    expect(errorOf(field("Name on card"))).toBe("Enter the name on the card.");
    expect(document.activeElement).toBe(field("Card number"));
    expect(tokenise).not.toHaveBeenCalled();
  });

  it("tokenises the card in the browser and hands on only the token, the brand and the last four digits", async () => {
    const { user, tokenise, onTokenised } = setup({ points: 9000 });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Pay £90.00 and 9,000 points" }));

    await waitFor(() => expect(onTokenised).toHaveBeenCalledTimes(1));
    expect(tokenise).toHaveBeenCalledWith(
      publishableKey,
      { number: "4242424242424242", exp_month: 12, exp_year: 2027, cvc: "123", name: "Jo Tester" },
      { baseUrl: "/payments-sandbox" },
    );
    expect(onTokenised.mock.calls[0]![0]).toStrictEqual({
      token: "tok_AAAAAAAAAAAAAAAAAAAAAAAA",
      brand: "visa",
      last4: "4242",
    });
  });

  it("can be filled and submitted with the keyboard alone", async () => {
    const { user, onTokenised } = setup();
    await user.tab();
    expect(document.activeElement).toBe(field("Card number"));
    await user.keyboard("4242424242424242");
    await user.tab();
    await user.keyboard("12/27");
    await user.tab();
    await user.keyboard("123");
    await user.tab();
    await user.keyboard("Jo Tester");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Pay £90.00" }));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(onTokenised).toHaveBeenCalledTimes(1));
  });

  it("puts the processor's refusal of the card under the field it names and does not go on", async () => {
    const { user, onTokenised } = setup({
      outcome: {
        kind: "refused",
        error: {
          type: "card_error",
          code: "test_card_required",
          param: "number",
          message: "The sandbox accepts only its test cards; no real card can be charged here.",
        },
      },
    });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: /^Pay/ }));
    await waitFor(() =>
      expect(errorOf(field("Card number"))).toBe(
        "The sandbox accepts only its test cards; no real card can be charged here.",
      ),
    );
    expect(document.activeElement).toBe(field("Card number"));
    expect(onTokenised).not.toHaveBeenCalled();
  });

  it("says so in an alert when the processor cannot be reached", async () => {
    const { user, onTokenised } = setup({ outcome: { kind: "unavailable", message: "offline" } });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: /^Pay/ }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your card could not be checked just now. Nothing was charged");
    expect(onTokenised).not.toHaveBeenCalled();
  });

  it("shows the checkout's refusal (e.g. a decline) in the alert", async () => {
    const { user } = setup({ onTokenised: async () => ({ formError: "Your card was declined." }) });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: /^Pay/ }));
    expect((await screen.findByRole("alert")).textContent).toContain("Your card was declined.");
  });

  it("says it is paying and refuses a second click while the card is tokenised", async () => {
    let finish: (outcome: TokeniseOutcome) => void = () => undefined;
    const user = userEvent.setup();
    const tokenise = vi.fn<typeof tokeniseCard>(() => new Promise((resolve) => (finish = resolve)));
    render(
      <CardForm
        publishableKey={publishableKey}
        cashAmount={18000}
        currency="GBP"
        onTokenised={async () => undefined}
        tokenise={tokenise}
        now={now}
      />,
    );
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Pay £180.00" }));
    const busy = await screen.findByRole("button", { name: "Paying £180.00…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish(tokenised);
    await screen.findByRole("button", { name: "Pay £180.00" });
    expect(tokenise).toHaveBeenCalledTimes(1);
  });
});

describe("the test cards table", () => {
  it("lists every sandbox test card with what it does", () => {
    render(<TestCardsTable cards={testCardsOf(sandbox)} />);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(sandbox.paymentTestCards.length);
    expect(rows[0]!.textContent).toContain("4242 4242 4242 4242");
    expect(rows[0]!.textContent).toContain("The payment is taken.");
    expect(screen.getByRole("cell", { name: "4000 0000 0000 0259" })).toBeTruthy();
    expect(screen.getByText(/answer comes too late/)).toBeTruthy();
    expect(screen.getByText(/the payment cannot be taken; the points come back/)).toBeTruthy();
  });
});

describe("typing a card", () => {
  it("spaces the number in fours, names the brand, and inserts the expiry's slash ('1230' becomes 12/30)", async () => {
    const { user } = setup();
    await user.type(field("Card number"), "4242424242424242");
    expect(field("Card number").value).toBe("4242 4242 4242 4242");
    expect(screen.getByText("Card type:").textContent).toBe("Card type: Visa");
    await user.type(field("Expiry date"), "1230");
    expect(field("Expiry date").value).toBe("12/30");
    await user.clear(field("Expiry date"));
    await user.type(field("Expiry date"), "12");
    expect(field("Expiry date").value).toBe("12/");
    await user.type(field("Expiry date"), "{Backspace}");
    expect(field("Expiry date").value).toBe("12");
  });

  it("fills the form from a test card picked in the list", async () => {
    const user = userEvent.setup();
    const onTokenised = vi.fn<OnTokenised>(async () => undefined);
    const tokenise = vi.fn<typeof tokeniseCard>(async () => tokenised);
    function Harness() {
      const [picked, setPicked] = useState<{ number: string; key: number } | undefined>();
      return (
        <>
          <CardForm
            publishableKey={publishableKey}
            cashAmount={9000}
            currency="GBP"
            onTokenised={onTokenised}
            tokenise={tokenise}
            now={now}
            prefill={picked}
          />
          <TestCardsTable
            cards={testCardsOf(sandbox)}
            onPick={(number) => setPicked((last) => ({ number, key: (last?.key ?? 0) + 1 }))}
          />
        </>
      );
    }
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "4000 0000 0000 0341" }));
    await waitFor(() => expect(field("Card number").value).toBe("4000 0000 0000 0341"));
    expect(field("Expiry date").value).toBe("12/28");
    expect(field("Security code").value).toBe("123");
    expect(field("Name on card").value).toBe("Sandbox Tester");
    await user.click(screen.getByRole("button", { name: "Pay £90.00" }));
    await waitFor(() => expect(tokenise).toHaveBeenCalledTimes(1));
    expect(tokenise.mock.calls[0]![1]).toMatchObject({ number: "4000000000000341", exp_month: 12, exp_year: 2028 });
  });

  it("after a decline: the message beside the form, focused, and the card's details emptied for another card", async () => {
    const { user } = setup({
      onTokenised: async () => ({
        formError: "Your card was declined. No points were used. Try another card.",
        clearCard: true,
      }),
    });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Pay £90.00" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your card was declined. No points were used. Try another card.");
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(field("Card number").value).toBe("");
    expect(field("Security code").value).toBe("");
    expect(field("Name on card").value).toBe("Jo Tester");
  });
});

import { fireEvent, render, screen } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PriceOptions } from "@/components/shop/price-options";
import type { PriceOption } from "@/lib/contract/product-pricing";

const option = (points: number, cash: number): PriceOption => ({
  priceOptionType: "PART_AVIOS_PART_CASH",
  cashAmount: { amount: cash, currency: { code: "GBP" } },
  pointsAmount: { amount: points, currency: { code: "POINTS" } },
});

/** The package's options (£490): 10 %, 50 % and the whole price in points. */
const packageOptions = [option(4_900, 441), option(24_500, 245), option(49_000, 0)];

function renderOptions(options: PriceOption[], balance: number | undefined) {
  const { container } = render(
    <PriceOptions
      productId="PACKAGE-MAD-CITY-BREAK"
      quoteId="0b5b7f6e-6a4f-4a43-9c3a-1f0d8c1b2a3c"
      price={{ minor: 49_000, currency: "GBP" }}
      balance={balance}
      options={options}
    />,
  );
  const form = container.querySelector("form")!;
  return {
    form,
    slider: () => screen.getByRole("slider", { name: "Price options" }) as HTMLInputElement,
    /** What the form sends to the checkout. */
    sent: () => Object.fromEntries(new FormData(form).entries()),
  };
}

const valueText = (slider: HTMLElement) => slider.getAttribute("aria-valuetext");

describe("the price split control", () => {
  it("is one slider from all cash to the most points, starting at the suggested stop, with the way on shown", () => {
    const { slider, sent, form } = renderOptions(packageOptions, 30_000);
    expect(slider().min).toBe("0");
    expect(slider().max).toBe("3");
    // 24,500 points is the most the balance covers while leaving a card part.
    expect(slider().value).toBe("2");
    expect(valueText(slider())).toBe("24,500 points + £245.00 by card");
    expect(sent()).toEqual({ quote: "0b5b7f6e-6a4f-4a43-9c3a-1f0d8c1b2a3c", option: "1" });
    expect(form.getAttribute("action")).toBe("/shop/PACKAGE-MAD-CITY-BREAK/checkout");
    expect(form.textContent).toContain("Balance after: 5,500 points");
    // The point's value once, never per stop; no "+ £0.00" anywhere.
    expect(screen.getByText("Each point is worth £0.01 on this product.")).toBeTruthy();
    expect(form.textContent).not.toContain("per point");
    expect(form.textContent).not.toContain("£0.00");
    expect(screen.getByRole("button", { name: "Continue to payment" })).toBeTruthy();
  });

  it("moves by stops with the arrow keys, Home and End, naming points and cash of each", async () => {
    const { slider, sent, form } = renderOptions(packageOptions, 60_000);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(slider());
    await user.keyboard("{Home}");
    expect(valueText(slider())).toBe("£490.00 by card, no points");
    expect(sent().option).toBe("cash");
    expect(form.textContent).toContain("Balance after: 60,000 points");
    await user.keyboard("{ArrowRight}");
    expect(valueText(slider())).toBe("4,900 points + £441.00 by card");
    expect(sent().option).toBe("0");
    await user.keyboard("{ArrowUp}");
    expect(valueText(slider())).toBe("24,500 points + £245.00 by card");
    await user.keyboard("{End}");
    expect(valueText(slider())).toBe("49,000 points, no card payment");
    expect(sent().option).toBe("2");
    expect(form.textContent).toContain("Balance after: 11,000 points");
    await user.keyboard("{ArrowRight}");
    expect(slider().value).toBe("3");
    await user.keyboard("{ArrowLeft}{ArrowDown}");
    expect(valueText(slider())).toBe("4,900 points + £441.00 by card");
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(valueText(slider())).toBe("£490.00 by card, no points");
  });

  it("never rests on a stop the balance does not cover, and says how many points are missing", async () => {
    const { slider, sent, form } = renderOptions(packageOptions, 30_000);
    expect(form.textContent).toContain("49,000 points, no card payment: you need 19,000 more points");
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{End}");
    expect(valueText(slider())).toBe("24,500 points + £245.00 by card");
    expect(sent().option).toBe("1");
    expect(screen.getByRole("status").textContent).toBe(
      "49,000 points, no card payment needs 19,000 more points than your balance.",
    );
    // By pointer (a change of the range's value, as a drag or a click on the track makes) likewise.
    await user.keyboard("{Home}");
    expect(screen.getByRole("status").textContent).toBe("");
    fireEvent.change(slider(), { target: { value: "3" } });
    expect(slider().value).toBe("2");
    expect(sent().option).toBe("1");
    expect(screen.getByRole("status").textContent).toContain("needs 19,000 more points");
    fireEvent.change(slider(), { target: { value: "1" } });
    expect(valueText(slider())).toBe("4,900 points + £441.00 by card");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("shows each stop's point value when the options do not share one", () => {
    const { form } = renderOptions([option(4_900, 441), option(20_000, 250)], 60_000);
    expect(form.textContent).toContain("£0.012 per point");
    expect(form.textContent).not.toContain("Each point is worth");
  });

  it("says so when no points option is left, and still offers cash without a slider", () => {
    const { sent, form } = renderOptions([], 500);
    expect(screen.getByText(/You can still pay in cash/).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("slider")).toBeNull();
    expect(form.textContent).toContain("£490.00 by card, no points");
    expect(sent().option).toBe("cash");
    expect(screen.getByRole("button", { name: "Continue to payment" })).toBeTruthy();
  });
});

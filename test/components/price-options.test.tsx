import { render, screen, within } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PriceOptions } from "@/components/shop/price-options";
import type { PriceOption } from "@/lib/contract/product-pricing";

const option = (points: number, cash: number): PriceOption => ({
  priceOptionType: "PART_AVIOS_PART_CASH",
  cashAmount: { amount: cash, currency: { code: "GBP" } },
  pointsAmount: { amount: points, currency: { code: "POINTS" } },
});

function renderOptions(options: PriceOption[], balance: number | undefined) {
  render(
    <PriceOptions
      productId="PACKAGE-MAD-CITY-BREAK"
      quoteId="0b5b7f6e-6a4f-4a43-9c3a-1f0d8c1b2a3c"
      price={{ minor: 49_000, currency: "GBP" }}
      balance={balance}
      options={options}
    />,
  );
  return screen.getByRole("radiogroup", { name: "Price options" });
}

describe("the price options", () => {
  it("offers every option and cash, with nothing chosen and no way on until the member chooses", async () => {
    const group = renderOptions([option(4_900, 441), option(24_500, 245), option(49_000, 0.01)], 30_000);
    const radios = within(group).getAllByRole("radio");
    expect(radios).toHaveLength(4);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(screen.queryByRole("button", { name: "Continue to payment" })).toBeNull();

    const first = within(group).getByRole("radio", { name: "4,900 points + £441.00" });
    expect(first.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Each point is worth £0.01 on this product.")).toBeTruthy();
    expect(group.textContent).not.toContain("per point");
    expect(group.textContent).toContain("balance after: 25,100 points");

    await userEvent.click(first);
    expect((first as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByRole("button", { name: "Continue to payment" })).toBeTruthy();
  });

  it("keeps an option the balance does not cover visible but disabled, saying how many points are missing", () => {
    const group = renderOptions([option(4_900, 441), option(49_000, 0.01)], 30_000);
    const unaffordable = within(group).getByRole("radio", { name: "49,000 points + £0.01" });
    expect((unaffordable as HTMLInputElement).disabled).toBe(true);
    expect(group.textContent).toContain("You need 19,000 more points");
    expect((within(group).getByRole("radio", { name: /Pay all in cash: £490.00/ }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it("moves between options with the keyboard", async () => {
    const group = renderOptions([option(4_900, 441), option(24_500, 245)], 60_000);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(within(group).getAllByRole("radio")[0]);
    await user.keyboard(" ");
    expect((within(group).getAllByRole("radio")[0] as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByRole("button", { name: "Continue to payment" })).toBeTruthy();
  });

  it("says so when no points option is left, and still offers cash", () => {
    const group = renderOptions([], 500);
    expect(screen.getByRole("status").textContent).toContain("You can still pay in cash");
    expect(within(group).getAllByRole("radio")).toHaveLength(1);
  });
});

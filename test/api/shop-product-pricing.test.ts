import { beforeAll, describe, expect, it } from "vitest";
import { retrieveProductPrices as pricingRoute } from "@/server/loyalty/operations/retrieve-product-prices";
import { productPriceResponseSchema } from "@/lib/contract/product-pricing";
import { demoShopProducts } from "@/lib/shop/demo-shop";
import { productPrice } from "@/lib/shop/shop-catalogue";
import { buildPricingRequest, pricedKey } from "@/server/portal/shop/pricing-request";
import sandbox from "@/sandbox.json";
import { callRoute, withKey } from "../support/call-route";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

// The shop's requests against the sandbox's own P9: every product priced, singles adjusted, the package not.
const database = setupTestDatabase();
const shopper = sandbox.members.find((member) => member.username === "demo.shopper")!;
const member5000 = sandbox.members.find((member) => member.membershipNumber === "3081000000000003")!;
let token: string;
let token5000: string;

beforeAll(async () => {
  token = await issueMemberToken(database.db(), shopper.membershipNumber);
  token5000 = await issueMemberToken(database.db(), member5000.membershipNumber);
});

async function price(productId: string, member = shopper, memberToken = () => token) {
  const product = demoShopProducts().find((candidate) => candidate.id === productId)!;
  const answer = await callRoute(pricingRoute, {
    method: "POST",
    url: withKey("/api/v2/product-prices"),
    params: { version: "v2" },
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${memberToken()}` },
    body: JSON.stringify(buildPricingRequest(product, member, new Date())),
  });
  expect(answer.status, answer.text).toBe(200);
  const parsed = productPriceResponseSchema.parse(answer.json);
  return { product, options: parsed.product[pricedKey(product)]?.price ?? [] };
}

describe("the shop's P9 requests against the sandbox", () => {
  it.each(demoShopProducts().map((product) => [product.id]))("prices %s", async (productId) => {
    const { product, options } = await price(productId);
    expect(options.length).toBeGreaterThan(0);
    const { currency } = productPrice(product);
    for (const option of options) expect(option.cashAmount.currency.code).toBe(currency);
  });

  it.each(demoShopProducts().map((product) => [product.id]))(
    "prices %s for anyone, as the shop's cards ask (no member, no token)",
    async (productId) => {
      const product = demoShopProducts().find((candidate) => candidate.id === productId)!;
      const answer = await callRoute(pricingRoute, {
        method: "POST",
        url: withKey("/api/v2/product-prices"),
        params: { version: "v2" },
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(buildPricingRequest(product, undefined, new Date())),
      });
      expect(answer.status, answer.text).toBe(200);
      const options = productPriceResponseSchema.parse(answer.json).product[pricedKey(product)]?.price ?? [];
      expect(options.some((option) => option.pointsAmount.amount > 0)).toBe(true);
    },
  );

  it("adjusts a single product to the balance: no option above it", async () => {
    const { options } = await price("FLIGHT-LHR-SYD-BUSINESS");
    expect(Math.max(...options.map((option) => option.pointsAmount.amount))).toBe(shopper.balance);
  });

  it("leaves a package unadjusted, even above a small balance", async () => {
    expect(member5000.balance).toBe(5_000);
    const { options } = await price("PACKAGE-MAD-CITY-BREAK", member5000, () => token5000);
    // 490.00 GBP at 0.01 a point: the 100% price point is the whole price, not lowered to the balance.
    expect(options.at(-1)?.pointsAmount.amount).toBe(49_000);
    const single = await price("FLIGHT-LHR-MAD", member5000, () => token5000);
    expect(Math.max(...single.options.map((option) => option.pointsAmount.amount))).toBe(5_000);
  });
});

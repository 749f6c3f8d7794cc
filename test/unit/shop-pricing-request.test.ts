import { describe, expect, it } from "vitest";
import { productPriceRequestSchema } from "@/lib/contract/product-pricing";
import { demoShopProducts } from "@/lib/shop/demo-shop";
import { demoShopSchema, productPrice } from "@/lib/shop/shop-catalogue";
import { buildPricingRequest, pricedKey } from "@/server/portal/shop/pricing-request";

const member = { membershipNumber: "3081000000000012" };
const pricedAt = new Date();
const products = demoShopProducts();
const contract = productPriceRequestSchema("v2");

describe("the P9 request of a shop product", () => {
  it("lists every kind the shop sells", () => {
    expect(new Set(products.map((product) => product.kind))).toEqual(
      new Set(["FLIGHT", "FLIGHT_ANCILLARY", "HOTEL", "CAR_HIRE", "INSURANCE", "PACKAGE"]),
    );
  });

  it.each(products.map((product) => [product.id, product] as const))("passes the contract for %s", (_, product) => {
    const request = buildPricingRequest(product, member, pricedAt);
    const parsed = contract.safeParse(request);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(request.priceSearchCriteria.membership?.membershipNumber).toBe(member.membershipNumber);
    // One product per request, under the answer's key; amounts are the shop's price.
    expect(Object.keys(request.priceSearchCriteria.product)).toEqual([pricedKey(product)]);
  });

  it("sends a single product alone, so the service adjusts it to the balance", () => {
    const flight = products.find((product) => product.id === "FLIGHT-LHR-MAD")!;
    const product = buildPricingRequest(flight, member, pricedAt).priceSearchCriteria.product;
    expect(product.flight?.price.monetaryAmount).toEqual({ amount: "180.00", currency: { code: "GBP" } });
    expect(product.flight?.segment).toHaveLength(1);
    expect(product.flight?.segment[0]?.leg[0]?.schedule.departureDateRange.startDateTime).toBe(
      new Date(pricedAt.getTime() + 30 * 86_400_000).toISOString(),
    );
  });

  it("splits a return flight into an outbound and an inbound segment", () => {
    const flight = products.find((product) => product.id === "FLIGHT-LHR-JFK-RETURN")!;
    const segments = buildPricingRequest(flight, member, pricedAt).priceSearchCriteria.product.flight?.segment;
    expect(segments?.map((segment) => [segment.outbound, segment.leg[0]?.schedule.departureLocation.id])).toEqual([
      [true, "LHR"],
      [false, "JFK"],
    ]);
  });

  it("prices a package as a packagedProduct of its components (several products: never adjusted)", () => {
    const pack = products.find((product) => product.kind === "PACKAGE")!;
    const product = buildPricingRequest(pack, member, pricedAt).priceSearchCriteria.product;
    expect(Object.keys(product)).toEqual(["packagedProduct"]);
    const items = Object.values(product.packagedProduct ?? {}).flat();
    expect(items.length).toBeGreaterThan(1);
    expect(productPrice(pack)).toEqual({ minor: 49_000, currency: "GBP" });
  });

  it("refuses a sandbox with duplicate ids or a bad amount", () => {
    const first = products[0]!;
    expect(demoShopSchema.safeParse({ products: [first, first] }).success).toBe(false);
    const bad = { ...first, price: { amount: "180", currency: "GBP" } };
    expect(demoShopSchema.safeParse({ products: [bad] }).success).toBe(false);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoShopSchema, type ShopProduct } from "@/lib/sandbox/demo-shop-schema";
import { sandboxSchema } from "@/lib/sandbox/sandbox-schema";
import sandboxJson from "@/sandbox.json";

const parsed = sandboxSchema.parse(sandboxJson);
const shop = parsed.demoShop;

/** A copy of the shop with one product changed, for the refusals below. */
function shopWith(change: (products: Record<string, unknown>[]) => void) {
  const copy = structuredClone(sandboxJson.demoShop) as { products: Record<string, unknown>[] };
  change(copy.products);
  return demoShopSchema.safeParse(copy);
}

describe("sandbox.json against its schema (lib/sandbox)", () => {
  it("validates the new member, the registration details on file and the shop", () => {
    const shopper = parsed.members.find((member) => member.username === "demo.shopper");
    expect(shopper).toMatchObject({ membershipNumber: "3081000000000012", balance: 60_000, postCode: "EC1A1BB" });
    const za = parsed.members.find((member) => member.membershipNumber === "3081000000000004");
    expect(za?.registeredIdentifier).toEqual({ identifier: "8001015009087", type: "NATIONAL_IDENTITY_CARD" });
    expect(shop.products.map((product) => product.kind)).toEqual([
      "FLIGHT",
      "FLIGHT",
      "FLIGHT",
      "FLIGHT_ANCILLARY",
      "FLIGHT_ANCILLARY",
      "HOTEL",
      "CAR_HIRE",
      "INSURANCE",
      "PACKAGE",
    ]);
    const cityBreak = shop.products.find(
      (product): product is Extract<ShopProduct, { kind: "PACKAGE" }> =>
        product.id === "PACKAGE-MAD-CITY-BREAK" && product.kind === "PACKAGE",
    );
    expect(cityBreak?.components.map((component) => component.kind)).toEqual(["FLIGHT", "HOTEL"]);
  });

  it("refuses a member postcode with a space and an unknown document type", () => {
    const member = (change: Record<string, unknown>) => {
      const copy = structuredClone(sandboxJson);
      Object.assign(copy.members[2]!, change);
      return sandboxSchema.safeParse(copy).success;
    };
    expect(member({ postCode: "SW1A 1AA" })).toBe(false);
    expect(member({ registeredIdentifier: { identifier: "X1", type: "DRIVING_LICENCE" } })).toBe(false);
    expect(member({ postCode: "SW1A1AA" })).toBe(true);
  });

  it.each([
    ["a product id used twice", (products: Record<string, unknown>[]) => (products[1]!.id = products[0]!.id)],
    [
      "a price without two decimals",
      (products: Record<string, unknown>[]) => (products[0]!.price = { amount: "180", currency: "GBP" }),
    ],
    [
      "a zero price",
      (products: Record<string, unknown>[]) => (products[3]!.price = { amount: "0.00", currency: "GBP" }),
    ],
    ["an unknown kind", (products: Record<string, unknown>[]) => (products[5]!.kind = "CRUISE")],
    [
      "an ancillary type P9 does not know",
      (products: Record<string, unknown>[]) => (products[3]!.flightAncillaryType = "SPA"),
    ],
    [
      "a package of one component",
      (products: Record<string, unknown>[]) => {
        const pack = products[8] as { components: unknown[] };
        pack.components = pack.components.slice(0, 1);
      },
    ],
    [
      "a package in two currencies",
      (products: Record<string, unknown>[]) => {
        const pack = products[8] as { components: { price: { currency: string } }[] };
        pack.components[1]!.price.currency = "EUR";
      },
    ],
    [
      "a flight number of 5 digits",
      (products: Record<string, unknown>[]) => {
        const flight = products[0]!.flight as { legs: { flightNumber: string }[] };
        flight.legs[0]!.flightNumber = "12345";
      },
    ],
  ])("refuses a shop with %s", (_label, change) => {
    expect(shopWith(change).success).toBe(false);
  });

  it("keeps the schema importable without the service: lib/sandbox imports only zod and lib/", () => {
    for (const file of ["sandbox-schema.ts", "demo-shop-schema.ts"]) {
      const source = readFileSync(path.join("lib", "sandbox", file), "utf8");
      const imports = [...source.matchAll(/from "([^"]+)"/g)].map((match) => match[1]!);
      for (const specifier of imports) expect(specifier, file).toMatch(/^(zod|@\/lib\/|\.\/)/);
    }
  });
});

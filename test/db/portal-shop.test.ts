import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { demoShopProducts } from "@/lib/shop/demo-shop";
import type { PriceOption } from "@/lib/contract/product-pricing";
import { preparePortalDatabase, resetPortalDatabase } from "@/server/portal/db/portal-database";
import { demoShopTexts } from "@/lib/shop/demo-shop-texts";
import { shopProductTexts } from "@/server/portal/db/schema";
import { findShopProduct, listShopProducts, productNamesIn, seedShopTexts } from "@/server/portal/shop/shop-products";
import { nameOrderedProducts } from "@/server/portal/shop/name-ordered-products";
import { findValidQuote, saveQuote } from "@/server/portal/shop/quote-store";
import { createEmptyPgliteDatabase, createPostgresDatabase, testDatabaseKind } from "@/test/support/test-database";

let handle: DatabaseHandle;
let drop: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  if (testDatabaseKind() === "pglite") {
    handle = await createEmptyPgliteDatabase();
  } else {
    const database = await createPostgresDatabase();
    drop = database.drop;
    handle = await connectDatabase({ databaseUrl: database.url, poolSize: 2 });
  }
  await preparePortalDatabase(handle);
});

afterAll(async () => {
  await handle.close();
  await drop();
});

const shopper = { membershipNumber: "3081000000000012", programme: "NORTHSTAR" };
const option = (points: number, cash: number): PriceOption => ({
  priceOptionType: "PART_AVIOS_PART_CASH",
  cashAmount: { amount: cash, currency: { code: "GBP" } },
  pointsAmount: { amount: points, currency: { code: "POINTS" } },
});

describe("the shop's products", () => {
  it("are seeded from demoShop in the sandbox's order, prices in minor units", async () => {
    const listed = await listShopProducts(handle.db);
    expect(listed.map((item) => item.product)).toEqual(demoShopProducts());
    const flight = listed.find((item) => item.product.id === "FLIGHT-LHR-MAD")!;
    expect([flight.priceMinor, flight.currency]).toEqual([18_000, "GBP"]);
    const hotel = await findShopProduct(handle.db, "HOTEL-MAD-3N");
    expect([hotel?.priceMinor, hotel?.currency]).toEqual([42_000, "EUR"]);
    const pack = await findShopProduct(handle.db, "PACKAGE-MAD-CITY-BREAK");
    expect(pack?.priceMinor).toBe(49_000);
    expect(pack?.product.kind === "PACKAGE" && pack.product.components).toHaveLength(2);
  });

  it("are not seeded twice, and an unknown id is none", async () => {
    await preparePortalDatabase(handle);
    const result = await handle.db.execute(sql`select count(*)::int as total from portal.shop_products`);
    expect(rowsOf<{ total: number }>(result)[0]?.total).toBe(demoShopProducts().length);
    expect(await findShopProduct(handle.db, "NO-SUCH-PRODUCT")).toBeUndefined();
  });
});

describe("the shop's words in each language", () => {
  it("are seeded for every product in the five languages", async () => {
    const result = await handle.db.execute(sql`select count(*)::int as total from portal.shop_product_texts`);
    expect(rowsOf<{ total: number }>(result)[0]?.total).toBe(demoShopProducts().length * 5);
  });

  it("name and describe each product in the language asked for, English by default", async () => {
    const spanish = await listShopProducts(handle.db, "es");
    const flight = spanish.find((item) => item.product.id === "FLIGHT-LHR-MAD")!;
    expect(flight.text.name).toBe("Londres Heathrow a Madrid, turista");
    expect(flight.text.description).toContain("Madrid-Barajas");
    const english = await findShopProduct(handle.db, "FLIGHT-LHR-MAD");
    expect(english?.text.name).toBe("London Heathrow to Madrid, economy");
    const pack = await findShopProduct(handle.db, "PACKAGE-MAD-CITY-BREAK", "it");
    expect(pack?.text.componentNames).toEqual([
      "Londra Heathrow a Madrid, economy",
      "Hotel nel centro di Madrid, 3 notti",
    ]);
  });

  it("fall back on English, then on the product's own name, where a language has none", async () => {
    await handle.db
      .delete(shopProductTexts)
      .where(sql`${shopProductTexts.productId} = 'LOUNGE-LHR' and ${shopProductTexts.locale} = 'fr'`);
    expect((await findShopProduct(handle.db, "LOUNGE-LHR", "fr"))?.text.name).toBe("Heathrow lounge pass");
    // Seeding again adds what is missing and overwrites nothing.
    await handle.db
      .update(shopProductTexts)
      .set({ name: "Pase VIP (editado)" })
      .where(sql`${shopProductTexts.productId} = 'LOUNGE-LHR' and ${shopProductTexts.locale} = 'es'`);
    await seedShopTexts(handle.db, demoShopTexts);
    expect((await findShopProduct(handle.db, "LOUNGE-LHR", "fr"))?.text.name).toBe("Accès au salon de Heathrow");
    expect((await findShopProduct(handle.db, "LOUNGE-LHR", "es"))?.text.name).toBe("Pase VIP (editado)");
  });

  it("name the products of orders in the reader's language, keeping an order's own name for a product without words", async () => {
    expect(await productNamesIn(handle.db, [], "it")).toEqual(new Map());
    const named = await nameOrderedProducts(
      [
        { productId: "HOTEL-MAD-3N", productName: "Hotel in central Madrid, 3 nights" },
        { productId: "RETIRED-PRODUCT", productName: "A product the shop no longer has" },
      ],
      "it",
      handle.db,
    );
    expect(named.map((item) => item.productName)).toEqual([
      "Hotel nel centro di Madrid, 3 notti",
      "A product the shop no longer has",
    ]);
  });
});

describe("the quote store", () => {
  it("keeps a member's options for 15 minutes, then never again", async () => {
    const pricedAt = new Date("2030-01-01T10:00:00Z");
    const quote = await saveQuote(
      handle.db,
      shopper,
      {
        productId: "FLIGHT-LHR-MAD",
        priceMinor: 18_000,
        currency: "GBP",
        balance: 60_000,
        options: [option(1800, 162)],
      },
      pricedAt,
    );
    expect(quote.expiresAt.toISOString()).toBe("2030-01-01T10:15:00.000Z");

    const found = await findValidQuote(handle.db, quote.id, shopper, new Date("2030-01-01T10:14:59Z"));
    expect(found?.options).toEqual([option(1800, 162)]);
    expect(found?.balance).toBe(60_000);
    expect(await findValidQuote(handle.db, quote.id, shopper, new Date("2030-01-01T10:15:00Z"))).toBeUndefined();
  });

  it("never gives one member's quote to another, nor answers a malformed id", async () => {
    const now = new Date();
    const quote = await saveQuote(
      handle.db,
      shopper,
      { productId: "LOUNGE-LHR", priceMinor: 4_000, currency: "GBP", balance: undefined, options: [option(1000, 30)] },
      now,
    );
    const other = { membershipNumber: "3081000000000001", programme: "NORTHSTAR" };
    expect(await findValidQuote(handle.db, quote.id, other, now)).toBeUndefined();
    expect(await findValidQuote(handle.db, quote.id, { ...shopper, programme: "MERIDIAN" }, now)).toBeUndefined();
    expect(await findValidQuote(handle.db, "not-a-uuid'; drop table", shopper, now)).toBeUndefined();
    expect((await findValidQuote(handle.db, quote.id, shopper, now))?.productId).toBe("LOUNGE-LHR");
  });

  it("is emptied by a reset, which stocks the shop again", async () => {
    await resetPortalDatabase(handle);
    const result = await handle.db.execute(sql`select count(*)::int as total from portal.quotes`);
    expect(rowsOf<{ total: number }>(result)[0]?.total).toBe(0);
    expect(await listShopProducts(handle.db)).toHaveLength(demoShopProducts().length);
  });
});

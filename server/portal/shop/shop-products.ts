import "server-only";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { shopProducts, shopProductTexts } from "@/server/portal/db/schema";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import type { ProductText, ProductTexts } from "@/lib/shop/demo-shop-texts";
import { fromMinorUnits, productPrice, shopProductSchema, type ShopProduct } from "@/lib/shop/shop-catalogue";

type ShopProductRow = typeof shopProducts.$inferSelect;
type ShopProductTextRow = typeof shopProductTexts.$inferSelect;

/** A product as a row: the columns the shop lists by, the kind-specific rest in `details`. */
export function productRow(product: ShopProduct, position: number): ShopProductRow {
  const { minor, currency } = productPrice(product);
  // The price has its own columns; everything else of the kind stays as sandbox.json gives it.
  const details: Record<string, unknown> = { ...product };
  for (const column of ["id", "kind", "name", "price"]) delete details[column];
  return { id: product.id, kind: product.kind, name: product.name, priceMinor: minor, currency, details, position };
}

/** The row back as a product, validated: a hand-edited row fails here, not in the pricing. */
function productOf(row: ShopProductRow): ShopProduct {
  const details = row.details as Record<string, unknown>;
  const price =
    row.kind === "PACKAGE" ? {} : { price: { amount: fromMinorUnits(row.priceMinor), currency: row.currency } };
  return shopProductSchema.parse({ ...details, id: row.id, kind: row.kind, name: row.name, ...price });
}

export interface ListedProduct {
  product: ShopProduct;
  priceMinor: number;
  currency: string;
  /** The product's words in the language asked for (else English, else the product's own name). */
  text: Required<ProductText>;
}

function componentNamesOf(row: ShopProductTextRow | undefined): string[] {
  const names = row?.componentNames;
  return Array.isArray(names) && names.every((name) => typeof name === "string") ? names : [];
}

/** The words of a product in `locale`: its row in that language, else the English row, else its own name. */
function textOf(row: ShopProductRow, texts: ShopProductTextRow[], locale: Locale): Required<ProductText> {
  const own = texts.find((text) => text.productId === row.id && text.locale === locale);
  const english = texts.find((text) => text.productId === row.id && text.locale === defaultLocale);
  const chosen = own ?? english;
  return {
    name: chosen?.name ?? row.name,
    description: chosen?.description ?? "",
    componentNames: componentNamesOf(chosen),
  };
}

async function textsOf(db: Database, ids: string[], locale: Locale): Promise<ShopProductTextRow[]> {
  if (ids.length === 0) return [];
  const locales = locale === defaultLocale ? [defaultLocale] : [locale, defaultLocale];
  return db
    .select()
    .from(shopProductTexts)
    .where(and(inArray(shopProductTexts.productId, ids), inArray(shopProductTexts.locale, locales)));
}

function listed(row: ShopProductRow, texts: ShopProductTextRow[], locale: Locale): ListedProduct {
  return {
    product: productOf(row),
    priceMinor: row.priceMinor,
    currency: row.currency,
    text: textOf(row, texts, locale),
  };
}

export async function listShopProducts(db: Database, locale: Locale = defaultLocale): Promise<ListedProduct[]> {
  const rows = await db.select().from(shopProducts).orderBy(asc(shopProducts.position));
  const texts = await textsOf(
    db,
    rows.map((row) => row.id),
    locale,
  );
  return rows.map((row) => listed(row, texts, locale));
}

export async function findShopProduct(
  db: Database,
  id: string,
  locale: Locale = defaultLocale,
): Promise<ListedProduct | undefined> {
  const [row] = await db.select().from(shopProducts).where(eq(shopProducts.id, id)).limit(1);
  return row ? listed(row, await textsOf(db, [row.id], locale), locale) : undefined;
}

/**
 * The names of the given products in `locale` (English where that language
 * has none), for pages that show what an order bought: orders keep the
 * English name they were placed with, which stays the answer for a product
 * the shop no longer has.
 */
export async function productNamesIn(db: Database, ids: string[], locale: Locale): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const texts = await textsOf(db, unique, locale);
  const names = new Map<string, string>();
  for (const id of unique) {
    const text =
      texts.find((row) => row.productId === id && row.locale === locale) ??
      texts.find((row) => row.productId === id && row.locale === defaultLocale);
    if (text) names.set(id, text.name);
  }
  return names;
}

/** Seeds the shop from the given products when it holds none (a restart never duplicates or overwrites). */
export async function seedShop(db: Database, products: ShopProduct[]): Promise<void> {
  const [existing] = await db.select({ total: count() }).from(shopProducts);
  if ((existing?.total ?? 0) > 0) return;
  await db
    .insert(shopProducts)
    .values(products.map((product, position) => productRow(product, position)))
    .onConflictDoNothing();
}

/**
 * Adds the words of each product the shop holds in each language that has
 * none yet: a shop stocked before its words existed gets them on the next
 * start, and words edited in the database are never overwritten.
 */
export async function seedShopTexts(db: Database, texts: Record<string, ProductTexts>): Promise<void> {
  const held = new Set((await db.select({ id: shopProducts.id }).from(shopProducts)).map((row) => row.id));
  const values = Object.entries(texts)
    .filter(([productId]) => held.has(productId))
    .flatMap(([productId, byLocale]) =>
      Object.entries(byLocale).map(([locale, text]) => ({
        productId,
        locale,
        name: text.name,
        description: text.description,
        componentNames: text.componentNames ?? [],
      })),
    );
  if (values.length === 0) return;
  await db.insert(shopProductTexts).values(values).onConflictDoNothing();
}

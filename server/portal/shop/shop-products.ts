import "server-only";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { shopProducts } from "@/server/portal/db/schema";
import { fromMinorUnits, productPrice, shopProductSchema, type ShopProduct } from "@/lib/shop/shop-catalogue";

type ShopProductRow = typeof shopProducts.$inferSelect;

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
}

export async function listShopProducts(db: Database): Promise<ListedProduct[]> {
  const rows = await db.select().from(shopProducts).orderBy(asc(shopProducts.position));
  return rows.map((row) => ({ product: productOf(row), priceMinor: row.priceMinor, currency: row.currency }));
}

export async function findShopProduct(db: Database, id: string): Promise<ListedProduct | undefined> {
  const [row] = await db.select().from(shopProducts).where(eq(shopProducts.id, id)).limit(1);
  return row ? { product: productOf(row), priceMinor: row.priceMinor, currency: row.currency } : undefined;
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

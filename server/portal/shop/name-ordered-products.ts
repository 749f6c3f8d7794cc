import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import { getPortalDatabase, type Database } from "@/server/portal/db/portal-database";
import { productNamesIn } from "./shop-products";

/**
 * Orders (or anything naming an ordered product) with the product named in
 * the reader's language. An order keeps the English name it was placed
 * with; that name stays for a product the shop no longer words. One query
 * for the whole list.
 */
export async function nameOrderedProducts<Item extends { productId: string; productName: string }>(
  items: Item[],
  locale: Locale,
  database?: Database,
): Promise<Item[]> {
  if (items.length === 0) return items;
  const db = database ?? (await getPortalDatabase());
  const names = await productNamesIn(
    db,
    items.map((item) => item.productId),
    locale,
  );
  return items.map((item) => ({ ...item, productName: names.get(item.productId) ?? item.productName }));
}

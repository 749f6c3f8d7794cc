import "server-only";
import type { Database } from "@/server/db/connect";
import { demoShopProducts } from "@/lib/shop/demo-shop";
import { demoShopTexts } from "@/lib/shop/demo-shop-texts";
import { seedShop, seedShopTexts } from "@/server/portal/shop/shop-products";
import { sandboxStaff, seedStaff } from "@/server/portal/staff/seed-staff";

/**
 * The portal's part of the public sandbox: stocks the shop from sandbox.json
 * when it is empty, adds the products' words in each language that lacks
 * them (lib/shop/demo-shop-texts.ts), and adds the sandbox's staff that are
 * missing (not in live mode: their passwords are published). Called at start-up after the
 * migrations, and by the reset after the schema is made again.
 */
export async function seedPortalSandbox(db: Database, options: { staff: boolean } = { staff: true }): Promise<void> {
  await seedShop(db, demoShopProducts());
  await seedShopTexts(db, demoShopTexts);
  if (options.staff) await seedStaff(db, sandboxStaff());
}

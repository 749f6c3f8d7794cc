import sandbox from "@/sandbox.json";
import { demoShopSchema, type ShopProduct } from "./shop-catalogue";

/** The shop's products as sandbox.json lists them, validated (throws on a bad sandbox). */
export function demoShopProducts(): ShopProduct[] {
  return demoShopSchema.parse(sandbox.demoShop).products;
}

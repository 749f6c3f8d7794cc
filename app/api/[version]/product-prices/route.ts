import { retrieveProductPrices } from "@/server/loyalty/operations/retrieve-product-prices";

export const { GET, POST, PUT, PATCH, DELETE } = retrieveProductPrices;

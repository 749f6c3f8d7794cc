import { operationNames } from "@/lib/contract/operation-names";
import {
  PRICE_OPTION_TYPE,
  productPriceRequestSchema,
  productPriceResponseSchema,
  productPricingVersions,
  type PriceOption,
  type ProductPriceResponse,
} from "@/lib/contract/product-pricing";
import { members } from "@/lib/docs/sandbox-values";
import type { DocumentedOperation, Example } from "./types";

const hotel = { price: { monetaryAmount: { amount: 420, currency: { code: "EUR" } } } };

function option(cash: number, points: number): PriceOption {
  return {
    priceOptionType: PRICE_OPTION_TYPE as PriceOption["priceOptionType"],
    cashAmount: { amount: cash, currency: { code: "EUR" } },
    pointsAmount: { amount: points, currency: { code: "POINTS" as const } },
  };
}

const hotelOptions: ProductPriceResponse = {
  product: { hotel: { price: [option(378, 3570), option(210, 17850), option(105, 26775)] } },
};

/** Request bodies the contract takes, per version (v2 adds the balance and PRIORITY_BOARDING). */
export function pricingExamples(version: string): Record<string, Example> {
  const examples: Record<string, Example> = {
    hotel: {
      summary: "A hotel at 420.00 EUR, before login",
      value: { priceSearchCriteria: { priceType: "STATIC_DISCOUNT", priceSource: "CACHED", product: { hotel } } },
    },
    member: {
      summary: `For a signed-in member (send the member's token too)`,
      value: {
        priceSearchCriteria: {
          priceType: "DYNAMIC_DISCOUNT",
          priceSource: "CACHED",
          membership: { membershipNumber: members.rich.membershipNumber, tier: "GOLD" },
          product: { hotel },
        },
      },
    },
  };
  if (version === "v2") {
    examples.ancillary = {
      summary: "Priority boarding (v2 only), with the balance the partner knows",
      value: {
        priceSearchCriteria: {
          priceType: "STATIC_DISCOUNT",
          priceSource: "CACHED",
          membership: { tier: "SILVER", balance: 12000 },
          product: {
            flightAncillary: {
              flightAncillaryType: "PRIORITY_BOARDING",
              price: { monetaryAmount: { amount: "25.00", currency: { code: "GBP" } } },
            },
          },
        },
      },
    };
  }
  return examples;
}

export const retrieveProductPrices: DocumentedOperation = {
  id: "retrieveProductPrices",
  spec: "P9",
  summary: operationNames.retrieveProductPrices.name,
  description:
    "Discount price options (cash plus points) for flights, ancillaries, car hire, hotels, insurance and packages, from the partner's pricing agreement. May be called before login. When `membership.membershipNumber` is sent, the member's token is required and, for a single product, the options are adjusted to the member's balance. v2 adds `membership.balance` and the ancillary type PRIORITY_BOARDING.",
  tag: "Pricing",
  method: "post",
  versions: productPricingVersions,
  path: "/product-prices",
  testPath: false,
  errorShape: "wrapped",
  token: "member-when-named",
  headers: [
    { name: "X-Forwarded-For", required: false },
    { name: "X-Agent-Id", required: false },
  ],
  body: (version) => ({
    schema: productPriceRequestSchema(version === "v1" ? "v1" : "v2"),
    examples: pricingExamples(version),
  }),
  success: {
    status: 200,
    description: "The price options of each product requested, points ascending.",
    schema: productPriceResponseSchema,
    examples: { hotel: { summary: "Options for the hotel (illustrative figures)", value: hotelOptions } },
  },
};

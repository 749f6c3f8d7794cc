/** A card brand as the processor sends it (`visa`), named as the brand writes itself. */
const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** "Visa" for `visa`; undefined for a brand the portal does not know. */
export function cardBrandName(brand: string): string | undefined {
  return brandNames[brand.toLowerCase()];
}

import { formatPoints } from "@/lib/portal/format";

/** An amount in minor units as the member reads it: 9000 GBP → "£90.00" (JPY has no minor unit: 900 → "¥900"). */
export function formatMinorAmount(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat("en-GB", { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** "Pay £90.00 and 9,000 points", "Pay £180.00" when no points are redeemed, "Pay 18,000 points" without cash. */
export function payLabel(cashMinor: number, currency: string, points = 0): string {
  const cash = formatMinorAmount(cashMinor, currency);
  const pointsText = `${formatPoints(points)} ${points === 1 ? "point" : "points"}`;
  if (points <= 0) return `Pay ${cash}`;
  if (cashMinor <= 0) return `Pay ${pointsText}`;
  return `Pay ${cash} and ${pointsText}`;
}

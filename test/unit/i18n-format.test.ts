import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatPoints, numberFormat } from "@/lib/i18n/format";
import { formatMinorAmount } from "@/components/checkout/pay-label";
import { formatLocalMinute, formatUtcMinute } from "@/components/portal/local-time";
import { formatMoney, formatValuePerPoint } from "@/lib/shop/price-choices";

describe("the page's formatters", () => {
  it("write points, money and times each language's way", () => {
    expect(formatPoints(250000, "en")).toBe("250,000");
    expect(formatPoints(2500, "es")).toBe("2.500");
    expect(formatMoney(1250, "GBP", "en")).toBe("£12.50");
    expect(formatMoney(1250, "EUR", "es")).toBe("12,50\u00a0€");
    expect(formatValuePerPoint(0.87, "GBP", "en")).toBe("£0.0087");
    expect(formatMinorAmount(900, "JPY", "en")).toBe("JP¥900");
    expect(formatMinorAmount(9000, "GBP", "en")).toBe("£90.00");
    expect(formatUtcMinute("2026-11-26T14:03:00Z", "en")).toBe("26 Nov 2026, 14:03 UTC");
    expect(formatLocalMinute("2026-11-26T14:03:00Z", "Europe/Madrid", "en")).toBe("26 Nov 2026, 15:03 CET");
  });

  it("makes each formatter once per language and options, and tells different options apart", () => {
    const pounds = numberFormat("en", { style: "currency", currency: "GBP" });
    expect(numberFormat("en", { style: "currency", currency: "GBP" })).toBe(pounds);
    expect(numberFormat("en", { style: "currency", currency: "EUR" })).not.toBe(pounds);
    expect(numberFormat("es", { style: "currency", currency: "GBP" })).not.toBe(pounds);
    const madrid = dateTimeFormat("en", { timeZone: "Europe/Madrid", hour: "2-digit" });
    expect(dateTimeFormat("en", { timeZone: "Europe/Madrid", hour: "2-digit" })).toBe(madrid);
    expect(dateTimeFormat("en", { timeZone: "Asia/Tokyo", hour: "2-digit" }).format(new Date(0))).not.toBe(
      madrid.format(new Date(0)),
    );
  });
});

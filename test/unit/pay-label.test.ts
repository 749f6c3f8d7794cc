import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { payLabel } from "@/components/checkout/pay-label";
import { choiceSentence } from "@/components/checkout/choice-summary";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const english = { t: createTranslator({ locale: "en", messages: en, namespace: "checkout" }), locale: "en" };
const spanish = { t: createTranslator({ locale: "es", messages: es, namespace: "checkout" }), locale: "es" };
const french = { t: createTranslator({ locale: "fr", messages: fr, namespace: "checkout" }), locale: "fr" };

describe("the Pay button's name", () => {
  it("states both legs, only the card leg, or only the points", () => {
    expect(payLabel(9000, "GBP", 9000, english)).toBe("Pay £90.00 and 9,000 points");
    expect(payLabel(18000, "GBP", 0, english)).toBe("Pay £180.00");
    expect(payLabel(0, "GBP", 18000, english)).toBe("Pay 18,000 points");
    expect(payLabel(0, "GBP", 1, english)).toBe("Pay 1 point");
    expect(payLabel(9000, "GBP", 9000, { ...english, pending: true })).toBe("Paying £90.00 and 9,000 points…");
  });

  it("is said in the page's language, with its figures written that language's way and the price's own currency", () => {
    expect(payLabel(9000, "GBP", 9000, spanish)).toBe("Pagar 90,00\u00a0GBP y 9.000 puntos");
    expect(payLabel(0, "EUR", 1, spanish)).toBe("Pagar 1 punto");
    expect(payLabel(18000, "EUR", 0, french)).toBe("Payer 180,00\u00a0€");
  });
});

describe("the checkout's confirmation", () => {
  it("names both legs before anything is taken", () => {
    expect(choiceSentence(9000, 9000, "GBP", english)).toBe("You pay 9,000 points and £90.00 by card.");
    expect(choiceSentence(0, 18000, "GBP", english)).toBe("You pay £180.00 by card. No points are used.");
    expect(choiceSentence(18000, 0, "GBP", english)).toBe("You pay 18,000 points. No card payment is needed.");
  });
});

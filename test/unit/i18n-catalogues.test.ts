import { parse, TYPE, type MessageFormatElement, type PluralElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import { demoShopProducts } from "@/lib/shop/demo-shop";
import { demoShopTexts } from "@/lib/shop/demo-shop-texts";
import { catalogues, flattenMessages } from "@/test/support/catalogue-messages";
import en from "@/messages/en.json";

/** The arguments and rich-text tags a message uses: what the code passes must fit every language alike. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        found.add(element.value);
        break;
      case TYPE.select:
      case TYPE.plural:
        found.add(element.value);
        for (const option of Object.values(element.options)) argumentsOf(option.value, found);
        break;
      case TYPE.tag:
        found.add(`<${element.value}>`);
        argumentsOf(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

function pluralsOf(elements: MessageFormatElement[]): PluralElement[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.plural)
      return [element, ...Object.values(element.options).flatMap((option) => pluralsOf(option.value))];
    if (element.type === TYPE.select)
      return Object.values(element.options).flatMap((option) => pluralsOf(option.value));
    if (element.type === TYPE.tag) return pluralsOf(element.children);
    return [];
  });
}

/** A message's own words (its literal text, not its arguments), as the English-sentence check reads them. */
function wordsOf(message: string): string[] {
  const literals = (elements: MessageFormatElement[]): string[] =>
    elements.flatMap((element) => {
      if (element.type === TYPE.literal) return [element.value];
      if (element.type === TYPE.select || element.type === TYPE.plural)
        return Object.values(element.options).flatMap((option) => literals(option.value));
      if (element.type === TYPE.tag) return literals(element.children);
      return [];
    });
  return literals(parse(message))
    .join(" ")
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 1);
}

const english = flattenMessages(en);

describe("the message catalogues", () => {
  it("has one catalogue per portal language", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...locales].sort());
  });

  for (const locale of locales.filter((locale) => locale !== "en")) {
    describe(locale, () => {
      const messages = flattenMessages(catalogues[locale]);

      it("has every key English has, and none English lacks", () => {
        expect([...english.keys()].filter((key) => !messages.has(key))).toEqual([]);
        expect([...messages.keys()].filter((key) => !english.has(key))).toEqual([]);
      });

      it("uses the same ICU arguments and tags as English in every message", () => {
        const differing = [...english].flatMap(([key, source]) => {
          const translated = messages.get(key);
          if (translated === undefined) return [];
          const expected = [...argumentsOf(parse(source, { ignoreTag: false }))].sort();
          const actual = [...argumentsOf(parse(translated, { ignoreTag: false }))].sort();
          return expected.join() === actual.join() ? [] : [{ key, expected, actual }];
        });
        expect(differing).toEqual([]);
      });

      it("is translated: no sentence of three words or more is left as the English", () => {
        const untranslated = [...english].filter(
          ([key, source]) =>
            !sameEverywhere.has(key) &&
            wordsOf(source).length >= 3 &&
            wordsOf(messages.get(key) ?? "").join(" ") === wordsOf(source).join(" "),
        );
        expect(untranslated.map(([key]) => key)).toEqual([]);
      });
    });
  }

  it("parses as ICU in every language, each plural with the forms its language needs", () => {
    const missing: string[] = [];
    for (const locale of locales) {
      // "many" (millions in the Romance languages) reads right with the "other" form.
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((form) => form !== "many");
      for (const [key, message] of flattenMessages(catalogues[locale])) {
        for (const plural of pluralsOf(parse(message))) {
          const forms = Object.keys(plural.options);
          for (const form of needed) if (!forms.includes(form)) missing.push(`${locale} ${key}: ${form}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the shop's seeded product texts", () => {
  const products = demoShopProducts();

  it("words every product of sandbox.json, and only those", () => {
    expect(Object.keys(demoShopTexts).sort()).toEqual(products.map((product) => product.id).sort());
  });

  for (const product of products) {
    describe(product.id, () => {
      const texts = demoShopTexts[product.id];
      const components = product.kind === "PACKAGE" ? product.components : [];

      it("has a name and a description in every portal language", () => {
        const missing = locales.flatMap((locale) => {
          const text = texts?.[locale];
          return [
            ...(text?.name.trim() ? [] : [`${locale} name`]),
            ...(text?.description.trim() ? [] : [`${locale} description`]),
            ...((text?.componentNames ?? []).length === components.length ? [] : [`${locale} component names`]),
          ];
        });
        expect(missing).toEqual([]);
      });

      it("says in English what sandbox.json says, so the English shop reads as before", () => {
        expect(texts?.en.name).toBe(product.name);
        expect(texts?.en.componentNames ?? []).toEqual(components.map((component) => component.name));
      });

      it("is translated: no name or description of three words or more is left as the English", () => {
        const english = texts?.en;
        const untranslated = locales
          .filter((locale) => locale !== "en")
          .flatMap((locale) => {
            const text = texts?.[locale];
            const same = (source: string | undefined, translated: string | undefined) =>
              wordsOf(source ?? "").length >= 3 &&
              wordsOf(source ?? "").join(" ") === wordsOf(translated ?? "").join(" ");
            return [
              ...(same(english?.name, text?.name) ? [`${locale} name`] : []),
              ...(same(english?.description, text?.description) ? [`${locale} description`] : []),
            ];
          });
        expect(untranslated).toEqual([]);
      });
    });
  }
});

/** Keys whose English sentence is, by chance, also right in another language. */
const sameEverywhere = new Set<string>([]);

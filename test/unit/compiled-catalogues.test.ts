import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import compile from "icu-minify/compile";
import format, { type FormatValues } from "icu-minify/format";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { catalogues, flattenMessages } from "@/test/support/catalogue-messages";

/**
 * The app is built with its catalogues compiled (next.config.mjs: next-intl's
 * `precompile`), and formats them without the ICU parser; the tests and the
 * translators read the same catalogues as plain ICU. So every message, in
 * every language, must say the same thing either way: each is formatted by
 * use-intl's full formatter from its text and by the compiled path from what
 * the build makes of it, with each plural count, each select option and a
 * value for every other argument and tag.
 */
const sampleDate = new Date(Date.UTC(2026, 10, 30, 9, 30));

/** Each argument's values worth trying: every count a plural tells apart, every option of a select. */
function argumentValues(elements: MessageFormatElement[], found = new Map<string, Array<string | number | Date>>()) {
  const add = (name: string, values: Array<string | number | Date>) =>
    found.set(name, [...new Set([...(found.get(name) ?? []), ...values])]);
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        add(element.value, ["Alex"]);
        break;
      case TYPE.number:
        add(element.value, [1234.5]);
        break;
      case TYPE.date:
      case TYPE.time:
        add(element.value, [sampleDate]);
        break;
      case TYPE.plural:
        add(element.value, [0, 1, 2, 5, 1250]);
        for (const option of Object.values(element.options)) argumentValues(option.value, found);
        break;
      case TYPE.select:
        add(element.value, Object.keys(element.options));
        for (const option of Object.values(element.options)) argumentValues(option.value, found);
        break;
      case TYPE.tag:
        found.set(`<${element.value}>`, []);
        argumentValues(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

/** One set of values per value worth trying, the other arguments at their first. */
function valueSets(message: string): FormatValues<string>[] {
  const found = argumentValues(parse(message));
  const base: FormatValues<string> = {};
  for (const [name, values] of found) {
    if (name.startsWith("<")) {
      const tag = name.slice(1, -1);
      base[tag] = (chunks) => `[${tag}:${chunks.join("")}]`;
    } else base[name] = values[0]!;
  }
  const sets = [base];
  for (const [name, values] of found) for (const value of values.slice(1)) sets.push({ ...base, [name]: value });
  return sets;
}

const asText = (formatted: unknown) => (Array.isArray(formatted) ? formatted.join("") : String(formatted));

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

describe("the catalogues as the build compiles them", () => {
  it.each(Object.entries(catalogues))("%s: every message reads the same compiled as from its text", (locale, tree) => {
    const messages = flattenMessages(tree);
    const differences: string[] = [];
    let compared = 0;
    for (const [key, message] of messages) {
      const compiled = compile(message);
      const translate = createTranslator({
        locale: locale as keyof typeof catalogues,
        messages: { message },
        timeZone: "UTC",
      });
      for (const values of valueSets(message)) {
        const fromText = asText(translate.rich("message", values as Parameters<typeof translate.rich>[1]));
        const fromCompiled = asText(format(compiled, locale, values, { formatters, timeZone: "UTC" }));
        compared += 1;
        if (fromText !== fromCompiled)
          differences.push(`${key} ${JSON.stringify(values)}: ${fromText} ≠ ${fromCompiled}`);
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(messages.size);
  });
});

/**
 * Counts in the console's English with CLDR's plural rules (Intl.PluralRules,
 * the ICU rules the member pages' messages use through next-intl): "1 open
 * session", "2 open sessions", never "session(s)". The console speaks
 * English only, so a phrase names its two English forms.
 */
const rules = new Intl.PluralRules("en-GB");
const numbers = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

export function countOf(count: number, forms: { one: string; other: string }): string {
  const form = rules.select(count) === "one" ? forms.one : forms.other;
  return `${numbers.format(count)} ${form}`;
}

import { isIsoCountryCode } from "@/lib/contract/update-membership";
import type { SelectOption } from "./select-field";

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Every code the contract accepts as an ISO 3166-1 country: the list the forms offer, derived from the same rule. */
export const countryCodes: readonly string[] = [...letters]
  .flatMap((first) => [...letters].map((second) => `${first}${second}`))
  .filter(isIsoCountryCode);

/**
 * Country choices named in English, sorted by name. Build them on the server
 * and pass them down: names come from the runtime's ICU data, which a browser
 * and Node need not share, and a difference would break hydration.
 */
export function countryOptions(locale = "en-GB"): SelectOption[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  return countryCodes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

export function countryName(options: readonly SelectOption[], code: string): string {
  return options.find((option) => option.value === code)?.label ?? code;
}

import { toAsciiUpper } from "@/lib/text/to-ascii-upper";
import type { ProfileField } from "./profile-fields";

/**
 * A typed value as the service will store it, for the staff review's
 * "After saving" column: free text in upper-case ASCII, trimmed (the
 * service's rule, lib/text/to-ascii-upper.ts), a postcode without spaces in
 * capitals, a phone's parts without the spaces and signs the portal strips
 * before sending (profile-plan.ts). Other fields are kept as chosen.
 */
export function storedProfileValue(field: ProfileField, value: string): string {
  if (field === "title" || field === "email" || /^(home|work)Line\d$/.test(field)) return toAsciiUpper(value).trim();
  if (/PostCode$/.test(field)) return value.replace(/\s+/g, "").toUpperCase();
  if (/CountryCode$/.test(field)) return value.replace(/[\s+]/g, "");
  if (/AreaCode$/.test(field)) return value.replace(/\s+/g, "");
  if (/(mobile|workPhone|homePhone)Number$/.test(field)) return value.replace(/[\s()-]/g, "");
  return value;
}

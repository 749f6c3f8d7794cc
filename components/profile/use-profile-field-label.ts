"use client";

import { useTranslations } from "next-intl";
import type { ProfileField } from "@/lib/portal/profile/profile-fields";

const simpleFields = [
  "title",
  "dateOfBirth",
  "language",
  "email",
  "country",
  "travelOffers",
  "partnerOffers",
  "contactByEmail",
  "contactBySms",
  "contactByPhone",
] as const;

/** A profile field's name in the page's language, for a message shown away from the field (the form's alert). */
export function useProfileFieldLabel(): (field: ProfileField) => string {
  const t = useTranslations("profile");
  return (field) => {
    if ((simpleFields as readonly string[]).includes(field))
      return t(`fields.${field as (typeof simpleFields)[number]}`);
    const address = /^(home|work)(?:Line(\d)|PostCode)$/.exec(field);
    if (address) {
      const kind = t(`addressKinds.${address[1] as "home" | "work"}`);
      return address[2]
        ? t("fields.addressLine", { address: kind, line: Number(address[2]) })
        : t("fields.addressPostCode", { address: kind });
    }
    const phone = /^(mobile|workPhone|homePhone)(CountryCode|AreaCode|Number)$/.exec(field);
    if (phone) {
      const part = phone[2] === "CountryCode" ? "countryCode" : phone[2] === "AreaCode" ? "areaCode" : "number";
      return t("fields.phonePart", { phone: t(`phones.${phone[1] as "mobile" | "workPhone" | "homePhone"}`), part });
    }
    return field;
  };
}

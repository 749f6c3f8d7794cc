import type { SelectOption } from "@/lib/forms/select-option";
import { campaignTypes, contactChannels, languageCodes } from "@/lib/contract/update-membership";

/** The two postal addresses an update can hold: the preferred one is PERSONAL, the other BUSINESS (the contract's rule). */
export const addressKinds = [
  { key: "home", role: "preferredPostalAddress", type: "PERSONAL", label: "Home address" },
  { key: "work", role: "otherPostalAddress", type: "BUSINESS", label: "Work address" },
] as const;

/** The three kinds of phone number the service keeps, one of each. */
export const phoneKinds = [
  { key: "mobile", type: "PERSONAL", deviceType: "MOBILE", label: "Mobile" },
  { key: "workPhone", type: "BUSINESS", deviceType: "PHONE", label: "Work phone" },
  { key: "homePhone", type: "PERSONAL", deviceType: "PHONE", label: "Home phone" },
] as const;

export type AddressKey = (typeof addressKinds)[number]["key"];
export type PhoneKey = (typeof phoneKinds)[number]["key"];
export type AddressField = `${AddressKey}${"Line1" | "Line2" | "Line3" | "Line4" | "PostCode"}`;
export type PhoneField = `${PhoneKey}${"CountryCode" | "AreaCode" | "Number"}`;

export const marketingFields = { TRAVEL_OFFERS: "travelOffers", PARTNER: "partnerOffers" } as const satisfies Record<
  (typeof campaignTypes)[number],
  string
>;
export const contactFields = {
  EMAIL: "contactByEmail",
  SMS: "contactBySms",
  PHONE: "contactByPhone",
} as const satisfies Record<(typeof contactChannels)[number], string>;
type PreferenceField =
  (typeof marketingFields)[keyof typeof marketingFields] | (typeof contactFields)[keyof typeof contactFields];

export const addressLineFields = (key: AddressKey) =>
  [`${key}Line1`, `${key}Line2`, `${key}Line3`, `${key}Line4`] as const;
export const addressFields = (key: AddressKey): AddressField[] => [...addressLineFields(key), `${key}PostCode`];
export const phoneFields = (key: PhoneKey) =>
  ({ countryCode: `${key}CountryCode`, areaCode: `${key}AreaCode`, number: `${key}Number` }) as const;

/** Every field of the profile form, in the order they are shown: the first invalid one in this order gets the focus. */
export const profileFields = [
  "title",
  "dateOfBirth",
  "language",
  "email",
  ...phoneKinds.flatMap((kind) => Object.values(phoneFields(kind.key))),
  "country",
  ...addressKinds.flatMap((kind) => addressFields(kind.key)),
  ...Object.values(marketingFields),
  ...Object.values(contactFields),
] as const satisfies readonly string[];

export type ProfileField =
  "title" | "dateOfBirth" | "language" | "email" | "country" | AddressField | PhoneField | PreferenceField;
export type ProfileFormValues = Record<ProfileField, string>;

const addressLabels = Object.fromEntries(
  addressKinds.flatMap((kind) => [
    ...addressLineFields(kind.key).map((field, index) => [field, `${kind.label}, line ${index + 1}`]),
    [`${kind.key}PostCode`, `${kind.label}, postcode`],
  ]),
);
const phoneLabels = Object.fromEntries(
  phoneKinds.flatMap((kind) => {
    const fields = phoneFields(kind.key);
    return [
      [fields.countryCode, `${kind.label}, country code`],
      [fields.areaCode, `${kind.label}, area code`],
      [fields.number, `${kind.label}, number`],
    ];
  }),
);

/** Names of the fields for messages shown away from the field (the alert). */
export const profileFieldLabels = {
  title: "Title",
  dateOfBirth: "Date of birth",
  language: "Language",
  email: "Email address",
  country: "Country of residence",
  travelOffers: "Travel offers by post",
  partnerOffers: "Partner offers by post",
  contactByEmail: "Contact by email",
  contactBySms: "Contact by text message",
  contactByPhone: "Contact by phone",
  ...addressLabels,
  ...phoneLabels,
} as Record<ProfileField, string>;

export const languageNames: Record<(typeof languageCodes)[number], string> = {
  EN: "English",
  ES: "Spanish",
  CA: "Catalan",
  FR: "French",
  IT: "Italian",
};
export const languageOptions: SelectOption[] = languageCodes.map((code) => ({
  value: code,
  label: languageNames[code],
}));
export const indicatorOptions: SelectOption[] = [
  { value: "Y", label: "Yes" },
  { value: "N", label: "No" },
];

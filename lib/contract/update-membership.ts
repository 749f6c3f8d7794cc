import { z } from "zod";
import { membershipNumberSchema } from "./common";
import { oneOf, pastDateRules, stringRules, utcToday } from "./register-account";

/**
 * P8 Update membership (PATCH body). Key names the spec leaves "not shown"
 * are chosen in docs/decisions.md; the one it shows is
 * `member.person.emailAddresses.preferredEmailAddress`.
 *
 * Failures map to table E11: an absent node is MANDATORY_DATA_MISSING, a
 * malformed one DATA_INVALID; refinements name ADDRESS_NOT_SUPPORTED and
 * POSTAL_ADDRESS_INVALID. What needs the stored membership (title or date of
 * birth already present, country of residence, phone numbers against the
 * country, programmes) is checked by the service.
 */
export const updateMembershipVersions = ["v3"] as const;

export const membershipPathSchema = z.object({
  membershipIdentifier: membershipNumberSchema,
});

export const languageCodes = ["IT", "ES", "CA", "FR", "EN"] as const;
export const postalAddressTypes = ["PERSONAL", "BUSINESS"] as const;
export const addressValidations = ["EXPLICIT", "SYSTEM"] as const;
export const telecomTypes = ["BUSINESS", "PERSONAL"] as const;
export const telecomDeviceTypes = ["PHONE", "MOBILE"] as const;
export const campaignTypes = ["TRAVEL_OFFERS", "PARTNER"] as const;
export const contactChannels = ["EMAIL", "SMS", "PHONE"] as const;
export const indicators = ["Y", "N"] as const;

export const minimumAge = 18;
export const maxAddressLineLength = 50;
export const maxEmailLength = 50;
export const maxMarketingPreferences = 2;
export const maxContactPreferences = 3;

/** The telecom type and device type pairs that exist: mobile, work phone, home phone. */
export const telecomKinds = [
  { type: "PERSONAL", deviceType: "MOBILE" },
  { type: "BUSINESS", deviceType: "PHONE" },
  { type: "PERSONAL", deviceType: "PHONE" },
] as const;

// ISO 3166-1 alpha-2, officially assigned codes.
const isoCountryCodes = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
    "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
    "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

export function isIsoCountryCode(code: string): boolean {
  return isoCountryCodes.has(code.toUpperCase());
}

/**
 * The "system validation" of postcodes: for these countries a postal address
 * needs a postcode of the country's format (written without spaces).
 * Elsewhere the postcode is optional and only its general format is checked.
 */
export const postCodeFormats: Readonly<Record<string, RegExp>> = {
  GB: /^(?:[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}|GIR0AA)$/,
  // ZIP+4 written without its hyphen is 9 characters, over the spec's 8: five digits only.
  US: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  FR: /^\d{5}$/,
  DE: /^\d{5}$/,
  NL: /^\d{4}[A-Z]{2}$/,
  ZA: /^\d{4}$/,
};

/** International calling codes by country of residence, for PHONE_NUMBER_INVALID. */
export const callingCodes: Readonly<Record<string, string>> = {
  GB: "44",
  IE: "353",
  US: "1",
  CA: "1",
  ZA: "27",
  ES: "34",
  IT: "39",
  FR: "33",
  DE: "49",
  NL: "31",
  PT: "351",
};

/**
 * Text stored in upper-case ASCII must have an ASCII form: printable ASCII,
 * Latin letters (accented or not) and typographic quotes and dashes.
 */
const latinText = /^(?:[\x20-\x7E]|\p{Script=Latin}|\p{M}|[\u2018\u2019\u201C\u201D\u2013\u2014\u00A0])*$/u;

const titleSchema = stringRules([
  [(value) => /^(?:\p{Script=Latin}\p{M}*){1,30}$/u.test(value), "the title is 1 to 30 letters"],
]);

export function dateOfBirthSchema(today: string) {
  return stringRules([
    ...pastDateRules(today),
    [(value) => isAtLeastAge(value, today, minimumAge), `the member must be at least ${minimumAge} years old`],
  ]);
}

/** Whether someone born on `dateOfBirth` is `years` old on `today` (a 29 February birthday counts from 1 March). */
export function isAtLeastAge(dateOfBirth: string, today: string, years: number): boolean {
  const birthYear = Number(dateOfBirth.slice(0, 4));
  const anniversary = `${String(birthYear + years).padStart(4, "0")}${dateOfBirth.slice(4)}`;
  return anniversary <= today;
}

const languageCodeSchema = stringRules([
  [
    (value) => (languageCodes as readonly string[]).includes(value.toUpperCase()),
    `the language is one of ${languageCodes.join(", ")}`,
  ],
]);

const addressLineSchema = stringRules([
  [(line) => line.trim() !== "", "an address line must not be blank"],
  [(line) => line.length <= maxAddressLineLength, `an address line is at most ${maxAddressLineLength} characters`],
  [(line) => latinText.test(line), "an address line takes Latin letters, digits and punctuation"],
]);

const postalAddressSchema = z
  .object({
    type: oneOf(postalAddressTypes, "the type is PERSONAL or BUSINESS"),
    addressLines: z.array(addressLineSchema).min(1, "1 to 4 address lines").max(4, "1 to 4 address lines"),
    countryCode: z.string().superRefine((code, context) => {
      if (!/^[A-Za-z]{2}$/.test(code)) {
        context.addIssue({ code: "custom", message: "the country code is ISO 3166-1 alpha-2, two letters" });
      } else if (!isIsoCountryCode(code)) {
        context.addIssue({
          code: "custom",
          message: "the country code is not an ISO 3166-1 country",
          params: { error: "POSTAL_ADDRESS_INVALID" },
        });
      }
    }),
    postCode: z
      .string()
      .regex(/^[A-Za-z0-9]{1,8}$/, "the postcode is at most 8 letters and digits, without spaces")
      .optional(),
    validation: oneOf(addressValidations, "the validation is EXPLICIT or SYSTEM").optional(),
  })
  .strict()
  .superRefine((address, context) => {
    const format = postCodeFormats[address.countryCode.toUpperCase()];
    if (!format) return;
    if (address.postCode === undefined) {
      context.addIssue({
        code: "custom",
        path: ["postCode"],
        message: `a postcode is required in ${address.countryCode.toUpperCase()}`,
        params: { error: "POSTAL_ADDRESS_INVALID" },
      });
    } else if (!format.test(address.postCode.toUpperCase())) {
      context.addIssue({
        code: "custom",
        path: ["postCode"],
        message: `the postcode is not one of ${address.countryCode.toUpperCase()}`,
        params: { error: "POSTAL_ADDRESS_INVALID" },
      });
    }
  });

const emailAddressSchema = stringRules([
  [(email) => email.length <= maxEmailLength, `the email address is at most ${maxEmailLength} characters`],
  [
    (email) => /^[^\s@]+@[A-Za-z0-9.-]+$/.test(email),
    "the email address has one @, and only letters, digits, - and . after it",
  ],
  [(email) => latinText.test(email), "the email address takes Latin letters, digits and punctuation"],
]);

const telecomAddressSchema = z
  .object({
    countryCode: z
      .string()
      .regex(/^[1-9]\d{0,4}$/, "the country code is up to 5 digits, without a leading zero or plus")
      .optional(),
    areaCode: z
      .string()
      .regex(/^\d{1,5}$/, "the area code is up to 5 digits")
      .optional(),
    number: z.string().regex(/^\d{1,15}$/, "the number is up to 15 digits"),
    type: oneOf(telecomTypes, "the type is BUSINESS or PERSONAL"),
    deviceType: oneOf(telecomDeviceTypes, "the device type is PHONE or MOBILE"),
  })
  .strict()
  .superRefine((telecom, context) => {
    if ((telecom.areaCode ?? "").length + telecom.number.length > 15) {
      context.addIssue({
        code: "custom",
        path: ["number"],
        message: "area code and number together are at most 15 digits",
      });
    }
    if (!telecomKinds.some((kind) => kind.type === telecom.type && kind.deviceType === telecom.deviceType)) {
      context.addIssue({
        code: "custom",
        path: ["deviceType"],
        message: "the type and device type pairs are MOBILE+PERSONAL, PHONE+BUSINESS and PHONE+PERSONAL",
        params: { error: "ADDRESS_NOT_SUPPORTED" },
      });
    }
  });

const marketingPreferenceSchema = z
  .object({
    campaignType: oneOf(campaignTypes, "the campaign type is TRAVEL_OFFERS or PARTNER"),
    communicationChannel: oneOf(["POSTAL"], "the only marketing channel is POSTAL"),
    indicator: oneOf(indicators, "the indicator is Y or N"),
  })
  .strict();

const contactPreferenceSchema = z
  .object({
    communicationChannel: oneOf(contactChannels, "the channel is EMAIL, SMS or PHONE"),
    indicator: oneOf(indicators, "the indicator is Y or N"),
  })
  .strict();

/** Repeated values of `key` are refused (the spec answers 500; this service DATA_INVALID, see docs/decisions.md). */
function refuseRepeated<Item>(key: keyof Item & string) {
  return (items: Item[], context: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      if (seen.has(item[key])) context.addIssue({ code: "custom", path: [index, key], message: `${key} is repeated` });
      seen.add(item[key]);
    });
  };
}

function personSchema(today: string) {
  return z
    .object({
      name: z.object({ title: titleSchema.optional() }).strict().optional(),
      dateOfBirth: dateOfBirthSchema(today).optional(),
      locale: z.object({ languageCode: languageCodeSchema }).strict().optional(),
      preferredPostalAddress: postalAddressSchema.optional(),
      otherPostalAddress: postalAddressSchema.optional(),
      emailAddresses: z
        .object({ preferredEmailAddress: z.object({ emailAddress: emailAddressSchema }).strict() })
        .strict()
        .optional(),
      preferredTelecomAddress: telecomAddressSchema.optional(),
      otherTelecomAddress: z.array(telecomAddressSchema).max(2, "at most 2 other telecom addresses").optional(),
    })
    .strict()
    .superRefine((person, context) => {
      const preferred = person.preferredPostalAddress?.type;
      const other = person.otherPostalAddress?.type;
      const notSupported = (path: string[], message: string) =>
        context.addIssue({ code: "custom", path, message, params: { error: "ADDRESS_NOT_SUPPORTED" } });
      if (preferred === "BUSINESS")
        notSupported(["preferredPostalAddress", "type"], "the preferred postal address is PERSONAL");
      if (other === "PERSONAL") notSupported(["otherPostalAddress", "type"], "the other postal address is BUSINESS");
      if (preferred !== undefined && preferred === other)
        notSupported(["otherPostalAddress", "type"], "the two postal addresses must be of different types");
    });
}

export function updateMembershipRequestSchema(today: string = utcToday()) {
  return z
    .object(
      {
        member: z
          .object({
            person: personSchema(today),
            marketingPreference: z
              .array(marketingPreferenceSchema)
              .max(maxMarketingPreferences, `at most ${maxMarketingPreferences} marketing preferences`)
              .superRefine(refuseRepeated("campaignType"))
              .optional(),
            contactPreference: z
              .array(contactPreferenceSchema)
              .max(maxContactPreferences, `at most ${maxContactPreferences} contact preferences`)
              .superRefine(refuseRepeated("communicationChannel"))
              .optional(),
          })
          .strict()
          .optional(),
        programme: z
          .object({ identifier: z.string().regex(/^[A-Za-z]{1,20}$/, "the programme identifier is 1 to 20 letters") })
          .strict()
          .optional(),
      },
      { error: "the body must be a JSON object" },
    )
    .strict();
}

export type UpdateMembershipRequest = z.infer<ReturnType<typeof updateMembershipRequestSchema>>;
export type PostalAddressInput = z.infer<typeof postalAddressSchema>;
export type TelecomAddressInput = z.infer<typeof telecomAddressSchema>;

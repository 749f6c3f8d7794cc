import { z } from "zod";
import { contractPath, sentence } from "@/lib/forms/field-errors";
import { utcToday } from "@/lib/contract/register-account";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import {
  callingCodes,
  campaignTypes,
  contactChannels,
  updateMembershipRequestSchema,
} from "@/lib/contract/update-membership";
import {
  addressFields,
  addressKinds,
  addressLineFields,
  contactFields,
  marketingFields,
  phoneFields,
  phoneKinds,
  profileFields,
  type PhoneKey,
  type ProfileField,
  type ProfileFormValues,
} from "./profile-fields";

/** A P8 body as the form builds it. */
export type ProfileUpdate = z.input<ReturnType<typeof updateMembershipRequestSchema>>;
type PersonUpdate = NonNullable<ProfileUpdate["member"]>["person"];
type TelecomUpdate = NonNullable<PersonUpdate["preferredTelecomAddress"]>;

/** One PATCH to send; `phone` names the number it carries as its preferred telecom address. */
export interface PlannedPatch {
  body: ProfileUpdate;
  phone?: PhoneKey;
}

export interface ProfilePlan {
  patches: PlannedPatch[];
  /** Changes the service cannot take, found before anything is sent. */
  problems: Array<{ field: ProfileField; message: string }>;
}

/** The form's values for a stored membership; the baseline a change is measured against. */
export function toProfileValues(membership: MembershipResponse): ProfileFormValues {
  const person = membership.member.person;
  const values = Object.fromEntries(profileFields.map((field) => [field, ""])) as ProfileFormValues;
  values.title = person.name.title ?? "";
  values.dateOfBirth = person.dateOfBirth ?? "";
  values.language = person.locale?.languageCode ?? "";
  values.email = person.emailAddresses?.preferredEmailAddress.emailAddress ?? "";
  values.country = person.countryOfResidence ?? "";
  for (const kind of addressKinds) {
    const address = person[kind.role];
    addressLineFields(kind.key).forEach((field, index) => (values[field] = address?.addressLines[index] ?? ""));
    values[`${kind.key}PostCode`] = address?.postCode ?? "";
  }
  for (const kind of phoneKinds) {
    const telecom = storedPhone(membership, kind.key);
    const fields = phoneFields(kind.key);
    values[fields.countryCode] = telecom?.countryCode ?? "";
    values[fields.areaCode] = telecom?.areaCode ?? "";
    values[fields.number] = telecom?.number ?? "";
  }
  for (const preference of membership.member.marketingPreference)
    values[marketingFields[preference.campaignType]] = preference.indicator;
  for (const preference of membership.member.contactPreference)
    values[contactFields[preference.communicationChannel]] = preference.indicator;
  return values;
}

export function storedPhone(membership: MembershipResponse, key: PhoneKey) {
  const kind = phoneKinds.find((candidate) => candidate.key === key)!;
  return membership.member.person.telecomAddresses.find(
    (telecom) => telecom.type === kind.type && telecom.deviceType === kind.deviceType,
  );
}

const phoneField = /(CountryCode|AreaCode|Number)$/;
const postCodeField = /PostCode$/;

/**
 * A value as the service would store it, so that typing a stored value in
 * another case ("alex@example.com" for ALEX@EXAMPLE.COM, stored upper-case
 * ASCII) or with spaces in a postcode or number is no change.
 */
export function comparable(field: ProfileField, value: string): string {
  if (phoneField.test(field)) return value.replace(/[\s()+-]/g, "");
  if (postCodeField.test(field)) return value.replace(/\s+/g, "").toUpperCase();
  return value.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toUpperCase();
}

/**
 * The PATCH bodies that turn the stored membership into the form's values,
 * holding only what changed. The service keeps one number per kind but an
 * update carries one (`preferredTelecomAddress`; `otherTelecomAddress` is
 * never stored), so each further changed number needs a PATCH of its own;
 * the first carries everything else. An element the service cannot remove
 * (an address, a number, the email) emptied by the member is a problem, not
 * a silent no-op.
 */
export function planProfileUpdate(membership: MembershipResponse, values: ProfileFormValues): ProfilePlan {
  const person = membership.member.person;
  const stored = toProfileValues(membership);
  const changed = (field: ProfileField) => comparable(field, values[field]) !== comparable(field, stored[field]);
  const problems: ProfilePlan["problems"] = [];
  const problem = (field: ProfileField, message: string) => problems.push({ field, message });
  const update: PersonUpdate = {};

  if (membership.canAdd.title && values.title.trim() !== "") update.name = { title: values.title.trim() };
  if (membership.canAdd.dateOfBirth && values.dateOfBirth !== "") update.dateOfBirth = values.dateOfBirth;
  if (values.language !== "" && changed("language")) update.locale = { languageCode: values.language };
  if (changed("email")) {
    const email = values.email.trim();
    if (email === "") problem("email", "An email address can be changed but not removed.");
    else update.emailAddresses = { preferredEmailAddress: { emailAddress: email } };
  }

  // Addresses must be in the country of residence; the first one sent sets it when none is held.
  const residence = person.countryOfResidence ?? (values.country || undefined);
  let addressTouched = false;
  for (const kind of addressKinds) {
    const fields = addressFields(kind.key);
    if (!fields.some(changed)) continue;
    addressTouched = true;
    const lines = addressLineFields(kind.key).map((field) => values[field].trim());
    const postCode = values[`${kind.key}PostCode`].replace(/\s+/g, "");
    if (lines.every((line) => line === "") && postCode === "") {
      if (person[kind.role]) problem(`${kind.key}Line1`, "An address can be changed but not removed.");
      continue;
    }
    if (!residence) {
      problem("country", "Choose your country of residence: your addresses must be in it.");
      continue;
    }
    // Up to the last line filled in: a blank line between two others is the contract's "blank line" refusal.
    const used = lines.slice(0, lines.findLastIndex((line) => line !== "") + 1);
    update[kind.role] = {
      type: kind.type,
      addressLines: used,
      countryCode: residence,
      ...(postCode ? { postCode } : {}),
    };
  }
  if (membership.canAdd.countryOfResidence && values.country !== "" && !addressTouched) {
    problem("country", "Add a home or work address too: the country of residence is set with the first address.");
  }

  const phones: Array<{ key: PhoneKey; telecom: TelecomUpdate }> = [];
  for (const kind of phoneKinds) {
    const fields = phoneFields(kind.key);
    if (!Object.values(fields).some(changed)) continue;
    const countryCode = values[fields.countryCode].replace(/[\s+]/g, "");
    const areaCode = values[fields.areaCode].replace(/\s+/g, "");
    const number = values[fields.number].replace(/[\s()-]/g, "");
    if (countryCode === "" && areaCode === "" && number === "") {
      if (storedPhone(membership, kind.key)) problem(fields.number, "A phone number can be changed but not removed.");
      continue;
    }
    if (number === "") {
      problem(fields.number, "Enter the number.");
      continue;
    }
    // The service's PHONE_NUMBER_INVALID: a country code must be that of the country of residence.
    const expected = residence ? callingCodes[residence] : undefined;
    if (countryCode !== "" && expected !== undefined && countryCode !== expected) {
      problem(fields.countryCode, `Numbers of members living in ${residence} have country code ${expected}.`);
      continue;
    }
    phones.push({
      key: kind.key,
      telecom: {
        type: kind.type,
        deviceType: kind.deviceType,
        number,
        ...(countryCode ? { countryCode } : {}),
        ...(areaCode ? { areaCode } : {}),
      },
    });
  }

  const marketingPreference = campaignTypes
    .filter((campaign) => values[marketingFields[campaign]] !== "" && changed(marketingFields[campaign]))
    .map((campaignType) => ({
      campaignType,
      communicationChannel: "POSTAL",
      indicator: values[marketingFields[campaignType]],
    }));
  const contactPreference = contactChannels
    .filter((channel) => values[contactFields[channel]] !== "" && changed(contactFields[channel]))
    .map((communicationChannel) => ({ communicationChannel, indicator: values[contactFields[communicationChannel]] }));

  const [firstPhone, ...otherPhones] = phones;
  if (firstPhone) update.preferredTelecomAddress = firstPhone.telecom;
  const patches: PlannedPatch[] = [];
  if (Object.keys(update).length > 0 || marketingPreference.length > 0 || contactPreference.length > 0) {
    patches.push({
      body: {
        // `person` is required whenever `member` is sent, so a preferences-only update sends it empty.
        member: {
          person: update,
          ...(marketingPreference.length > 0 ? { marketingPreference } : {}),
          ...(contactPreference.length > 0 ? { contactPreference } : {}),
        },
      },
      ...(firstPhone ? { phone: firstPhone.key } : {}),
    });
  }
  for (const phone of otherPhones)
    patches.push({ body: { member: { person: { preferredTelecomAddress: phone.telecom } } }, phone: phone.key });
  return { patches, problems };
}

const person = "member.person";
const fixedPaths: ReadonlyArray<readonly [RegExp, ProfileField]> = [
  [/^member\.person\.name(\.title)?$/, "title"],
  [/^member\.person\.dateOfBirth$/, "dateOfBirth"],
  [/^member\.person\.locale(\.languageCode)?$/, "language"],
  [/^member\.person\.emailAddresses(\.preferredEmailAddress(\.emailAddress)?)?$/, "email"],
];

/**
 * The form field behind a path of a PATCH body (a zod issue's or a service
 * childError's). A number's and a preference's field depend on what that
 * PATCH carried, so the patch is needed to place them.
 */
export function profileFieldForPath(path: string, patch: PlannedPatch): ProfileField | undefined {
  for (const [pattern, field] of fixedPaths) if (pattern.test(path)) return field;

  for (const kind of addressKinds) {
    const prefix = `${person}.${kind.role}`;
    if (path !== prefix && !path.startsWith(`${prefix}.`)) continue;
    const rest = path.slice(prefix.length);
    const line = /^\.addressLines\[(\d)\]/.exec(rest);
    if (line) return addressLineFields(kind.key)[Number(line[1])] ?? `${kind.key}Line1`;
    if (rest.startsWith(".postCode")) return `${kind.key}PostCode`;
    if (rest.startsWith(".countryCode")) return "country";
    return `${kind.key}Line1`;
  }

  const telecom = /^member\.person\.preferredTelecomAddress(?:\.(countryCode|areaCode|number))?/.exec(path);
  if (telecom && patch.phone) {
    const fields = phoneFields(patch.phone);
    return telecom[1] === "countryCode"
      ? fields.countryCode
      : telecom[1] === "areaCode"
        ? fields.areaCode
        : fields.number;
  }

  const preference = /^member\.(marketingPreference|contactPreference)(?:\[(\d+)\])?/.exec(path);
  if (preference) {
    const member = patch.body.member;
    const index = Number(preference[2] ?? 0);
    if (preference[1] === "marketingPreference") {
      const campaign = member?.marketingPreference?.[index]?.campaignType;
      return campaign && campaign in marketingFields
        ? marketingFields[campaign as keyof typeof marketingFields]
        : "travelOffers";
    }
    const channel = member?.contactPreference?.[index]?.communicationChannel;
    return channel && channel in contactFields
      ? contactFields[channel as keyof typeof contactFields]
      : "contactByEmail";
  }
  return undefined;
}

/**
 * The form's schema, built for one stored membership: the problems the plan
 * finds, then every PATCH it would send run through the contract's own
 * update schema, each issue placed on the field its path maps to. So the
 * form refuses what the service would refuse, in the service's words.
 */
export function profileFormSchema(membership: MembershipResponse, today: string = utcToday()) {
  const requestSchema = updateMembershipRequestSchema(today);
  const shape = Object.fromEntries(profileFields.map((field) => [field, z.string()])) as Record<
    ProfileField,
    z.ZodString
  >;
  return z.object(shape).superRefine((values, context) => {
    const failed = new Set<ProfileField>();
    const fail = (field: ProfileField, message: string) => {
      if (failed.has(field)) return;
      failed.add(field);
      context.addIssue({ code: "custom", path: [field], message });
    };
    const plan = planProfileUpdate(membership, values);
    for (const { field, message } of plan.problems) fail(field, message);
    for (const patch of plan.patches) {
      for (const issue of requestSchema.safeParse(patch.body).error?.issues ?? []) {
        const field = profileFieldForPath(contractPath(issue.path), patch);
        if (field) fail(field, sentence(issue.message));
      }
    }
  });
}

/** The fields on screen: title, date of birth and country only while they can still be added. */
export function shownProfileFields(membership: MembershipResponse): Set<ProfileField> {
  return new Set(
    profileFields.filter((field) => {
      if (field === "title") return membership.canAdd.title;
      if (field === "dateOfBirth") return membership.canAdd.dateOfBirth;
      if (field === "country") return membership.canAdd.countryOfResidence;
      return true;
    }),
  );
}

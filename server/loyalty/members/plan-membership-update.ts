import {
  callingCodes,
  maxAddressLineLength,
  maxEmailLength,
  type PostalAddressInput,
  type TelecomAddressInput,
  type UpdateMembershipRequest,
} from "@/lib/contract/update-membership";
import type { Member } from "./member-tables";
import { ServiceError, type ChildErrorDetail } from "@/server/loyalty/http/service-error";
import { isPrintableAscii, toAsciiUpper } from "./ascii-upper";

type Person = NonNullable<UpdateMembershipRequest["member"]>["person"];
type PreferenceInput = NonNullable<UpdateMembershipRequest["member"]>;

/** The add-only details of the stored membership an update is checked against. */
export type StoredDetails = Pick<Member, "title" | "dateOfBirth" | "countryOfResidence">;

export interface PostalAddressChange {
  type: "PERSONAL" | "BUSINESS";
  lines: string[];
  countryCode: string;
  postCode: string | null;
  validation: "EXPLICIT" | "SYSTEM";
}

export interface TelecomAddressChange {
  type: "PERSONAL" | "BUSINESS";
  deviceType: "PHONE" | "MOBILE";
  countryCode: string | null;
  areaCode: string | null;
  number: string;
}

/** Everything one update writes, in stored form (upper-case ASCII). */
export interface MembershipChanges {
  member: Partial<Pick<Member, "title" | "dateOfBirth" | "countryOfResidence" | "languageCode" | "emailAddress">>;
  postalAddresses: PostalAddressChange[];
  telecomAddress: TelecomAddressChange | undefined;
  marketingPreferences: NonNullable<PreferenceInput["marketingPreference"]>;
  contactPreferences: NonNullable<PreferenceInput["contactPreference"]>;
}

const personPath = "member.person";

/**
 * Turns a valid request into the changes to store, refusing what the stored
 * membership forbids: title, date of birth and country of residence can be
 * added but not changed (DETAILS_ALREADY_EXIST, every offending element
 * listed), and a phone number's country code must be that of the country of
 * residence (PHONE_NUMBER_INVALID). Pure, so the rules are tested without a
 * database; the caller runs it under a lock on the member's row.
 */
export function planMembershipUpdate(stored: StoredDetails, request: UpdateMembershipRequest): MembershipChanges {
  const person: Person = request.member?.person ?? {};
  const changes: MembershipChanges = {
    member: {},
    postalAddresses: [],
    telecomAddress: undefined,
    marketingPreferences: request.member?.marketingPreference ?? [],
    contactPreferences: request.member?.contactPreference ?? [],
  };
  const alreadySet: ChildErrorDetail[] = [];

  const title = person.name?.title;
  if (title !== undefined) {
    if (stored.title !== null)
      alreadySet.push({ path: `${personPath}.name.title`, developerMessage: "The membership already has a title." });
    else changes.member.title = storedText(title, 30, `${personPath}.name.title`);
  }
  if (person.dateOfBirth !== undefined) {
    if (stored.dateOfBirth !== null)
      alreadySet.push({
        path: `${personPath}.dateOfBirth`,
        developerMessage: "The membership already has a date of birth.",
      });
    else changes.member.dateOfBirth = person.dateOfBirth;
  }

  // The first address sent sets an absent country of residence; every address must then be in it.
  let residence = stored.countryOfResidence;
  const addresses = [
    ["preferredPostalAddress", person.preferredPostalAddress],
    ["otherPostalAddress", person.otherPostalAddress],
  ] as const;
  for (const [role, address] of addresses) {
    if (!address) continue;
    const change = postalAddressChange(address, `${personPath}.${role}`);
    if (residence === null) {
      residence = change.countryCode;
      changes.member.countryOfResidence = residence;
    } else if (change.countryCode !== residence) {
      alreadySet.push({
        path: `${personPath}.${role}.countryCode`,
        developerMessage: `The country of residence is ${residence}; a postal address cannot move it to ${change.countryCode}.`,
      });
    }
    changes.postalAddresses.push(change);
  }
  if (alreadySet.length > 0) {
    throw new ServiceError("DETAILS_ALREADY_EXIST", {
      children: alreadySet,
      developerMessage: alreadySet[0]?.developerMessage,
    });
  }

  if (person.locale) changes.member.languageCode = person.locale.languageCode.toUpperCase();
  if (person.emailAddresses) {
    const path = `${personPath}.emailAddresses.preferredEmailAddress.emailAddress`;
    changes.member.emailAddress = storedText(
      person.emailAddresses.preferredEmailAddress.emailAddress,
      maxEmailLength,
      path,
    );
  }
  // otherTelecomAddress is validated by the contract and deliberately never stored (the spec's rule).
  if (person.preferredTelecomAddress)
    changes.telecomAddress = telecomAddressChange(person.preferredTelecomAddress, residence);
  return changes;
}

function postalAddressChange(address: PostalAddressInput, path: string): PostalAddressChange {
  return {
    type: address.type,
    lines: address.addressLines.map((line, index) =>
      storedText(line, maxAddressLineLength, `${path}.addressLines[${index}]`),
    ),
    countryCode: address.countryCode.toUpperCase(),
    postCode: address.postCode?.toUpperCase() ?? null,
    // EXPLICIT and SYSTEM both ask for system validation; the default is SYSTEM.
    validation: address.validation ?? "SYSTEM",
  };
}

function telecomAddressChange(telecom: TelecomAddressInput, residence: string | null): TelecomAddressChange {
  const expected = residence === null ? undefined : callingCodes[residence];
  if (telecom.countryCode !== undefined && expected !== undefined && telecom.countryCode !== expected) {
    const developerMessage = `A phone number of a member resident in ${residence} has country code ${expected}.`;
    throw new ServiceError("PHONE_NUMBER_INVALID", {
      developerMessage,
      children: [{ path: `${personPath}.preferredTelecomAddress.countryCode`, developerMessage }],
    });
  }
  return {
    type: telecom.type,
    deviceType: telecom.deviceType,
    countryCode: telecom.countryCode ?? null,
    areaCode: telecom.areaCode ?? null,
    number: telecom.number,
  };
}

/**
 * The stored form of free text: upper-case ASCII, trimmed. The contract
 * admits only text with an ASCII form, but a transliteration can still grow
 * past the column ("ß" → "SS") or meet a rare Latin letter without one.
 */
function storedText(value: string, maxLength: number, path: string): string {
  const stored = toAsciiUpper(value).trim();
  if (!isPrintableAscii(stored) || stored.length > maxLength) {
    // The refused text is not repeated back: it is the caller's input, and it failed.
    const developerMessage = `Stored in upper-case ASCII this text is not at most ${maxLength} ASCII characters.`;
    throw new ServiceError("DATA_INVALID", { developerMessage, children: [{ path, developerMessage }] });
  }
  return stored;
}

import { asc, desc, eq, sql } from "drizzle-orm";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import type { Database } from "@/server/db/connect";
import { accounts } from "@/server/loyalty/ledger/ledger-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import {
  contactPreferences,
  marketingPreferences,
  members,
  membershipProgrammes,
  postalAddresses,
  telecomAddresses,
} from "./member-tables";

export type MembershipView = Omit<MembershipResponse, "_links">;

// Kinds in a fixed order: mobile, work phone, home phone.
const telecomOrder = sql`case ${telecomAddresses.deviceType} when 'MOBILE' then 0 else 1 end, ${telecomAddresses.type}`;

/** The membership's profile as stored, for the read model; undefined for an unknown membership. */
export async function retrieveMembership(db: Database, membershipNumber: string): Promise<MembershipView | undefined> {
  const [row] = await db
    .select({ member: members, accountProgrammeId: accounts.programmeId })
    .from(members)
    .leftJoin(accounts, eq(accounts.memberId, members.id))
    .where(eq(members.membershipNumber, membershipNumber))
    .limit(1);
  if (!row) return undefined;
  const { member } = row;

  const [addresses, telecoms, marketing, contact, associated] = await Promise.all([
    db.select().from(postalAddresses).where(eq(postalAddresses.memberId, member.id)),
    db.select().from(telecomAddresses).where(eq(telecomAddresses.memberId, member.id)).orderBy(telecomOrder),
    db
      .select()
      .from(marketingPreferences)
      .where(eq(marketingPreferences.memberId, member.id))
      .orderBy(asc(marketingPreferences.campaignType)),
    db
      .select()
      .from(contactPreferences)
      .where(eq(contactPreferences.memberId, member.id))
      .orderBy(asc(contactPreferences.communicationChannel)),
    db
      .select({ identifier: programmes.identifier, name: programmes.name })
      .from(membershipProgrammes)
      .innerJoin(programmes, eq(programmes.id, membershipProgrammes.programmeId))
      .where(eq(membershipProgrammes.memberId, member.id))
      // The account's own programme first, then the others in the order they were joined.
      .orderBy(desc(sql`${programmes.id} = ${row.accountProgrammeId ?? 0}`), asc(membershipProgrammes.associatedAt)),
  ]);

  const addressOf = (type: "PERSONAL" | "BUSINESS") => {
    const address = addresses.find((candidate) => candidate.type === type);
    if (!address) return undefined;
    return {
      type: address.type,
      addressLines: address.lines,
      countryCode: address.countryCode,
      ...(address.postCode ? { postCode: address.postCode } : {}),
      validation: address.validation,
    };
  };
  const preferredPostalAddress = addressOf("PERSONAL");
  const otherPostalAddress = addressOf("BUSINESS");

  return {
    membershipIdentifier: member.membershipNumber,
    member: {
      person: {
        name: {
          ...(member.title ? { title: member.title } : {}),
          ...(member.firstName ? { firstName: member.firstName } : {}),
          familyName: member.familyName,
        },
        ...(member.dateOfBirth ? { dateOfBirth: member.dateOfBirth } : {}),
        ...(member.countryOfResidence ? { countryOfResidence: member.countryOfResidence } : {}),
        ...(member.languageCode ? { locale: { languageCode: member.languageCode } } : {}),
        ...(member.emailAddress
          ? { emailAddresses: { preferredEmailAddress: { emailAddress: member.emailAddress } } }
          : {}),
        ...(preferredPostalAddress ? { preferredPostalAddress } : {}),
        ...(otherPostalAddress ? { otherPostalAddress } : {}),
        telecomAddresses: telecoms.map((telecom) => ({
          type: telecom.type,
          deviceType: telecom.deviceType,
          ...(telecom.countryCode ? { countryCode: telecom.countryCode } : {}),
          ...(telecom.areaCode ? { areaCode: telecom.areaCode } : {}),
          number: telecom.number,
        })),
      },
      marketingPreference: marketing.map(({ campaignType, communicationChannel, indicator }) => ({
        campaignType,
        communicationChannel,
        indicator,
      })),
      contactPreference: contact.map(({ communicationChannel, indicator }) => ({ communicationChannel, indicator })),
    },
    programmes: associated,
    canAdd: {
      title: member.title === null,
      dateOfBirth: member.dateOfBirth === null,
      countryOfResidence: member.countryOfResidence === null,
    },
  };
}

import { and, eq } from "drizzle-orm";
import {
  postCodeCountries,
  registeredIdentifierCountries,
  type RegisterAccountRequest,
} from "@/lib/contract/register-account";
import type { Database } from "@/server/db/connect";
import { postalAddresses } from "@/server/db/schema";
import { toAsciiUpper } from "./ascii-upper";
import type { MemberRecord } from "./find-member";

/** How a detail on file and a detail sent are compared: upper-case ASCII, without white space. */
export function comparableDetail(value: string): string {
  return toAsciiUpper(value).replace(/\s+/g, "");
}

/** The details a registration must prove, as the programme holds them (comparable form). */
export interface DetailsOnFile {
  postCode?: string;
  registeredIdentifier?: { type: string; identifier: string };
  dateOfBirth?: string;
}

/** Which details the member's country of residence makes a registration prove (spec, Register request). */
export function requiredDetails(countryOfResidence: string | null): Array<keyof DetailsOnFile> {
  const residence = countryOfResidence ?? "";
  if (!postCodeCountries.includes(residence)) return ["dateOfBirth"];
  return registeredIdentifierCountries.includes(residence) ? ["postCode", "registeredIdentifier"] : ["postCode"];
}

/**
 * What the programme holds to recognise the member: the postcode on file (or
 * that of the member's PERSONAL postal address), the registered identifier on
 * file, the date of birth.
 */
export async function detailsOnFile(db: Database, record: MemberRecord): Promise<DetailsOnFile> {
  const { member } = record;
  let postCode = member.postCode ?? undefined;
  if (postCode === undefined) {
    const [address] = await db
      .select({ postCode: postalAddresses.postCode })
      .from(postalAddresses)
      .where(and(eq(postalAddresses.memberId, member.id), eq(postalAddresses.type, "PERSONAL")))
      .limit(1);
    postCode = address?.postCode ?? undefined;
  }
  return {
    postCode: postCode === undefined ? undefined : comparableDetail(postCode),
    registeredIdentifier:
      member.registeredIdentifierType && member.registeredIdentifier
        ? { type: member.registeredIdentifierType, identifier: comparableDetail(member.registeredIdentifier) }
        : undefined,
    dateOfBirth: member.dateOfBirth ?? undefined,
  };
}

/**
 * Whether the details sent are those on file: every detail the country
 * requires must match, and an optional one sent (a date of birth beside a
 * postcode) must match when the programme holds it. A registered identifier
 * matches when one of those sent has the type and number on file.
 */
export function detailsMatch(
  required: ReadonlyArray<keyof DetailsOnFile>,
  onFile: DetailsOnFile,
  sent: RegisterAccountRequest["member"],
): boolean {
  const matches: Record<keyof DetailsOnFile, () => boolean> = {
    postCode: () =>
      onFile.postCode !== undefined &&
      sent.postalAddress !== undefined &&
      comparableDetail(sent.postalAddress.postCode) === onFile.postCode,
    registeredIdentifier: () =>
      onFile.registeredIdentifier !== undefined &&
      (sent.registeredIdentifier ?? []).some(
        (item) =>
          item.type === onFile.registeredIdentifier?.type &&
          comparableDetail(item.identifier) === onFile.registeredIdentifier.identifier,
      ),
    dateOfBirth: () => onFile.dateOfBirth !== undefined && sent.dateOfBirth === onFile.dateOfBirth,
  };
  if (!required.every((detail) => matches[detail]())) return false;
  const optionalDateOfBirth = sent.dateOfBirth !== undefined && onFile.dateOfBirth !== undefined;
  return !optionalDateOfBirth || matches.dateOfBirth();
}

import { and, eq } from "drizzle-orm";
import {
  postCodeCountries,
  registeredIdentifierCountries,
  type RegisterAccountRequest,
} from "@/lib/contract/register-account";
import type { Database } from "@/server/db/connect";
import { postalAddresses, registeredIdentifiers } from "./member-tables";
import { verifySecret } from "@/server/security/password-hash";
import { normaliseRegisteredIdentifier, toAsciiUpper } from "./ascii-upper";
import type { MemberRecord } from "./find-member";

/** How a detail on file and a detail sent are compared: upper-case ASCII, without white space. */
export function comparableDetail(value: string): string {
  return toAsciiUpper(value).replace(/\s+/g, "");
}

/** The details a registration must prove, as the programme holds them (comparable form). */
export interface DetailsOnFile {
  postCode?: string;
  /** Documents on file: their type and the argon2id hash of the normalised number (never the number). */
  registeredIdentifier?: Array<{ type: string; identifierHash: string }>;
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
  let postCode = member.postCodeOnFile ?? undefined;
  if (postCode === undefined) {
    const [address] = await db
      .select({ postCode: postalAddresses.postCode })
      .from(postalAddresses)
      .where(and(eq(postalAddresses.memberId, member.id), eq(postalAddresses.type, "PERSONAL")))
      .limit(1);
    postCode = address?.postCode ?? undefined;
  }
  const documents = await db
    .select({ type: registeredIdentifiers.type, identifierHash: registeredIdentifiers.identifierHash })
    .from(registeredIdentifiers)
    .where(eq(registeredIdentifiers.memberId, member.id));
  return {
    postCode: postCode === undefined ? undefined : comparableDetail(postCode),
    registeredIdentifier: documents.length > 0 ? documents : undefined,
    dateOfBirth: member.dateOfBirth ?? undefined,
  };
}

/**
 * Whether the details sent are those on file: every detail the country
 * requires must match, and an optional one sent (a date of birth beside a
 * postcode) must match when the programme holds it. A registered identifier
 * matches when one of those sent has the type and number on file.
 */
export async function detailsMatch(
  required: ReadonlyArray<keyof DetailsOnFile>,
  onFile: DetailsOnFile,
  sent: RegisterAccountRequest["member"],
): Promise<boolean> {
  const matches: Record<keyof DetailsOnFile, () => Promise<boolean> | boolean> = {
    postCode: () =>
      onFile.postCode !== undefined &&
      sent.postalAddress !== undefined &&
      comparableDetail(sent.postalAddress.postCode) === onFile.postCode,
    registeredIdentifier: () => registeredIdentifierMatches(onFile.registeredIdentifier ?? [], sent),
    dateOfBirth: () => onFile.dateOfBirth !== undefined && sent.dateOfBirth === onFile.dateOfBirth,
  };
  // Cheap comparisons first: a wrong postcode costs no hash verification.
  const ordered = [...required].sort(
    (a, b) => Number(a === "registeredIdentifier") - Number(b === "registeredIdentifier"),
  );
  for (const detail of ordered) if (!(await matches[detail]())) return false;
  const optionalDateOfBirth = sent.dateOfBirth !== undefined && onFile.dateOfBirth !== undefined;
  return !optionalDateOfBirth || matches.dateOfBirth();
}

/** One of the documents sent has the type and, verified against its hash, the number of one on file. */
async function registeredIdentifierMatches(
  documents: NonNullable<DetailsOnFile["registeredIdentifier"]>,
  sent: RegisterAccountRequest["member"],
): Promise<boolean> {
  for (const item of sent.registeredIdentifier ?? []) {
    for (const document of documents) {
      if (item.type !== document.type) continue;
      // Stored as registration normalises it; a member may also space the number out as printed.
      const candidates = new Set([normaliseRegisteredIdentifier(item.identifier), comparableDetail(item.identifier)]);
      for (const candidate of candidates) if (await verifySecret(document.identifierHash, candidate)) return true;
    }
  }
  return false;
}

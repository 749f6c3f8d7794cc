import { and, eq, isNull } from "drizzle-orm";
import {
  postCodeCountries,
  registeredIdentifierCountries,
  type RegisterAccountRequest,
} from "@/lib/contract/register-account";
import type { Database } from "@/server/db/connect";
import {
  members,
  postalAddresses,
  registeredIdentifiers,
  securityProfiles,
  securityResponses,
} from "@/server/db/schema";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { hashSecret } from "@/server/loyalty/security/password-hash";
import { normaliseRegisteredIdentifier, normaliseSecurityResponse, toAsciiUpper } from "./ascii-upper";
import { findMemberByMembershipNumber, findMemberByUsername, type MemberRecord } from "./find-member";
import { uniqueViolationOf } from "@/server/db/unique-violation";

const memberPath = "member";

/**
 * P7: gives an existing, ACTIVE membership without a security profile its
 * login credentials and security responses. Nothing the member typed is
 * stored in clear: the password, the two answers and the registered
 * identifiers are argon2id hashes; the username is stored upper-case, which
 * makes the database's unique constraint case insensitive.
 *
 * Everything is written in one transaction, and the unique constraints on
 * `security_profiles` (one per member, one per username) decide concurrent
 * registrations: the loser gets the already-exists error, never a 500.
 */
export async function registerMember(
  db: Database,
  membershipNumber: string,
  request: RegisterAccountRequest,
): Promise<void> {
  const record = await findMemberByMembershipNumber(db, membershipNumber);
  requireRegistrable(record);
  const input = request.member;
  requireCountryElements(record, input);
  await verifyKnownDetails(db, record, input);

  const username = input.securityProfile.credentials.identifier.toUpperCase();
  if (await findMemberByUsername(db, username)) throw usernameTaken();

  // argon2 is slow on purpose: hash before the transaction so it is not held open meanwhile.
  const residence = record.member.countryOfResidence ?? "";
  const identifiers = registeredIdentifierCountries.includes(residence) ? (input.registeredIdentifier ?? []) : [];
  const [passwordHash, responseHashes, identifierHashes] = await Promise.all([
    hashSecret(input.securityProfile.credentials.password),
    Promise.all(
      input.securityProfile.securityResponses.map((item) => hashSecret(normaliseSecurityResponse(item.response))),
    ),
    Promise.all(identifiers.map((item) => hashSecret(normaliseRegisteredIdentifier(item.identifier)))),
  ]);

  try {
    await db.transaction(async (tx) => {
      const [profile] = await tx
        .insert(securityProfiles)
        .values({ memberId: record.member.id, username, passwordHash, passwordExpired: false })
        .returning({ id: securityProfiles.id });
      if (!profile) throw new Error("security profile insert returned no row");
      await tx.insert(securityResponses).values(
        input.securityProfile.securityResponses.map((item, index) => ({
          securityProfileId: profile.id,
          questionId: Number(item.questionIdentifier),
          responseHash: responseHashes[index] as string,
        })),
      );
      if (identifiers.length > 0) {
        await tx.insert(registeredIdentifiers).values(
          identifiers.map((item, index) => ({
            memberId: record.member.id,
            type: item.type,
            identifierHash: identifierHashes[index] as string,
          })),
        );
      }
      if (input.dateOfBirth !== undefined) await storeDateOfBirth(tx, record.member.id, input.dateOfBirth);
    });
  } catch (error) {
    const violation = uniqueViolationOf(error);
    if (!violation) throw error;
    throw await alreadyExists(db, membershipNumber, violation.constraint);
  }
}

function requireRegistrable(record: MemberRecord | undefined): asserts record is MemberRecord {
  if (!record) {
    throw new ServiceError("REGISTRATION_FAILED", { developerMessage: "No membership has this identifier." });
  }
  // Statuses are checked before the profile: a blocked or closed account cannot register, whatever it holds.
  if (record.account.status !== "ACTIVE") {
    throw new ServiceError("REGISTRATION_FAILED", { developerMessage: "Only an ACTIVE membership can be registered." });
  }
  if (record.securityProfile) throw customerExists();
}

/** E10 "member incomplete": what the member's country of residence makes mandatory. */
function requireCountryElements(record: MemberRecord, input: RegisterAccountRequest["member"]): void {
  const residence = record.member.countryOfResidence ?? "";
  const absent: string[] = [];
  if (postCodeCountries.includes(residence) && input.postalAddress === undefined)
    absent.push(`${memberPath}.postalAddress.postCode`);
  if (registeredIdentifierCountries.includes(residence) && (input.registeredIdentifier ?? []).length === 0) {
    absent.push(`${memberPath}.registeredIdentifier`);
  }
  if (!postCodeCountries.includes(residence) && input.dateOfBirth === undefined)
    absent.push(`${memberPath}.dateOfBirth`);
  if (absent.length === 0) return;
  const developerMessage = `Members resident in ${residence || "an unknown country"} register with ${absent.join(", ")}.`;
  throw new ServiceError("MANDATORY_DATA_MISSING", {
    developerMessage,
    children: absent.map((path) => ({ path, developerMessage })),
  });
}

/**
 * The postcode and the date of birth prove the registrant knows the
 * membership: when the service already holds them they must match
 * (AUTHENTICATION_FAILED otherwise). A postcode is compared without spaces
 * and case; it is a check only, never stored (a postal address needs lines).
 */
async function verifyKnownDetails(
  db: Database,
  record: MemberRecord,
  input: RegisterAccountRequest["member"],
): Promise<void> {
  const residence = record.member.countryOfResidence ?? "";
  if (input.postalAddress && postCodeCountries.includes(residence)) {
    const [address] = await db
      .select({ postCode: postalAddresses.postCode })
      .from(postalAddresses)
      .where(and(eq(postalAddresses.memberId, record.member.id), eq(postalAddresses.type, "PERSONAL")))
      .limit(1);
    const stored = address?.postCode ? comparablePostCode(address.postCode) : undefined;
    if (stored !== undefined && stored !== comparablePostCode(input.postalAddress.postCode)) {
      throw notMatching(`${memberPath}.postalAddress.postCode`, "The postcode does not match the membership's.");
    }
  }
  const storedDateOfBirth = record.member.dateOfBirth;
  if (input.dateOfBirth !== undefined && storedDateOfBirth !== null && storedDateOfBirth !== input.dateOfBirth) {
    throw notMatching(`${memberPath}.dateOfBirth`, "The date of birth does not match the membership's.");
  }
}

function comparablePostCode(postCode: string): string {
  return toAsciiUpper(postCode).replace(/\s+/g, "");
}

/** Stores the date of birth only where none is held; one set meanwhile must be the same date. */
async function storeDateOfBirth(tx: Database, memberId: number, dateOfBirth: string): Promise<void> {
  const updated = await tx
    .update(members)
    .set({ dateOfBirth, updatedAt: new Date() })
    .where(and(eq(members.id, memberId), isNull(members.dateOfBirth)))
    .returning({ id: members.id });
  if (updated.length > 0) return;
  const [current] = await tx.select({ dateOfBirth: members.dateOfBirth }).from(members).where(eq(members.id, memberId));
  if (current?.dateOfBirth !== dateOfBirth) {
    throw notMatching(`${memberPath}.dateOfBirth`, "The date of birth does not match the membership's.");
  }
}

/**
 * A unique violation means another registration won a race. Whatever
 * constraint fired first, the member having a profile now is
 * CUSTOMER_ALREADY_EXISTS; otherwise the username was taken by someone else.
 */
async function alreadyExists(
  db: Database,
  membershipNumber: string,
  constraint: string | undefined,
): Promise<ServiceError> {
  if (constraint === "security_profiles_member_id_unique") return customerExists();
  const record = await findMemberByMembershipNumber(db, membershipNumber);
  return record?.securityProfile ? customerExists() : usernameTaken();
}

function customerExists(): ServiceError {
  return new ServiceError("CUSTOMER_ALREADY_EXISTS", {
    developerMessage: "This membership already has a security profile.",
  });
}

function usernameTaken(): ServiceError {
  const developerMessage = "The username is in use (usernames are compared without regard to case).";
  return new ServiceError("USERNAME_ALREADY_EXISTS", {
    developerMessage,
    children: [{ path: `${memberPath}.securityProfile.credentials.identifier`, developerMessage }],
  });
}

function notMatching(path: string, developerMessage: string): ServiceError {
  return new ServiceError("AUTHENTICATION_FAILED", { developerMessage, children: [{ path, developerMessage }] });
}

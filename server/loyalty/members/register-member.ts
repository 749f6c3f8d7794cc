import { and, eq, isNull } from "drizzle-orm";
import {
  postCodeCountries,
  registeredIdentifierCountries,
  type RegisterAccountRequest,
} from "@/lib/contract/register-account";
import type { Database } from "@/server/db/connect";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import { members, registeredIdentifiers } from "./member-tables";
import { securityProfiles, securityResponses } from "./security-profile-tables";
import { recordEvent } from "@/server/loyalty/events/record-event";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { hashSecret } from "@/server/security/password-hash";
import { secondsUntil } from "@/server/loyalty/rate-limits/fixed-window";
import { normaliseRegisteredIdentifier, normaliseSecurityResponse } from "./ascii-upper";
import { findMemberByMembershipNumber, findMemberByUsername, type MemberRecord } from "./find-member";
import { uniqueViolationOf } from "@/server/db/unique-violation";
import { detailsMatch, detailsOnFile, requiredDetails } from "./registration-details";
import { reachesMember } from "./sandbox-reach";
import {
  clearRegistrationAttempts,
  registrationThrottlePolicy,
  reserveRegistrationAttempt,
} from "./registration-throttle";

const memberPath = "member";

/**
 * P7: gives an existing, ACTIVE membership without a security profile its
 * login credentials and security responses, once the registrant has proved
 * to know the membership: the details its country of residence requires
 * (postcode, registered identifier, date of birth) must be those the
 * programme holds on file. Anyone holding a partner's api_key can call this,
 * so a membership with nothing on file to compare cannot be registered, and
 * wrong details are counted per membership and lock it for a while. A
 * membership outside the partner's reach (another developer's sandbox:
 * sandbox-reach.ts) is answered as one that does not exist.
 *
 * Nothing the member typed is stored in clear: the password, the two answers
 * and the registered identifiers are argon2id hashes; the username is stored
 * upper-case, which makes the database's unique constraint case insensitive.
 * Everything is written in one transaction (with the registering partner's
 * `security_profile.registered` event), and the unique constraints on
 * `security_profiles` (one per member, one per username) decide concurrent
 * registrations: the loser gets the already-exists error, never a 500.
 */
export async function registerMember(
  db: Database,
  membershipNumber: string,
  request: RegisterAccountRequest,
  /** `at`: the partner's clock (a developer sandbox's own), which dates the registration's event. */
  options: { partner: Pick<Partner, "id" | "developerSandbox">; at?: Date },
  now: Date = new Date(),
): Promise<void> {
  const found = await findMemberByMembershipNumber(db, membershipNumber);
  // Another sandbox's member is no membership to this partner: its details are not even compared (nor counted).
  const record = found && reachesMember(options.partner, found.member) ? found : undefined;
  requireRegistrable(record);
  const input = request.member;
  requireCountryElements(record, input);
  await proveDetails(db, record, input, now);

  // Only now, so that registration cannot be used to find out which usernames exist.
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
      // A document of a type already on file was just proven against it: it is not stored twice.
      const held = await tx
        .select({ type: registeredIdentifiers.type })
        .from(registeredIdentifiers)
        .where(eq(registeredIdentifiers.memberId, record.member.id));
      const heldTypes = new Set(held.map((row) => row.type));
      const documents = identifiers
        .map((item, index) => ({
          memberId: record.member.id,
          type: item.type,
          identifierHash: identifierHashes[index] as string,
        }))
        .filter((document) => !heldTypes.has(document.type));
      if (documents.length > 0) await tx.insert(registeredIdentifiers).values(documents);
      if (input.dateOfBirth !== undefined) await storeDateOfBirth(tx, record.member.id, input.dateOfBirth);
      await recordEvent(
        tx,
        options.partner.id,
        "security_profile.registered",
        { membershipNumber: record.member.membershipNumber },
        { at: options.at ?? now },
      );
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
 * The registrant proves to know the membership. The attempt is counted
 * before the details are compared (one statement that refuses while the
 * membership is locked), so a burst of guesses gets no more comparisons than
 * the policy allows; matching details forget the earlier failures. A refusal
 * says only that the details do not match, never which one.
 */
async function proveDetails(
  db: Database,
  record: MemberRecord,
  input: RegisterAccountRequest["member"],
  now: Date,
): Promise<void> {
  const required = requiredDetails(record.member.countryOfResidence);
  const onFile = await detailsOnFile(db, record);
  if (!required.every((detail) => onFile[detail] !== undefined)) {
    throw new ServiceError("REGISTRATION_FAILED", {
      developerMessage:
        "The programme holds no details to check a registration of this membership against; the member must contact the programme.",
    });
  }

  const memberId = record.member.id;
  const reservation = await reserveRegistrationAttempt(db, memberId, now);
  if (!reservation.granted) throw registrationLocked(reservation.lockedUntil, now);
  if (!(await detailsMatch(required, onFile, input))) {
    if (reservation.locks) throw registrationLocked(undefined, now);
    throw detailsNotMatching();
  }
  await clearRegistrationAttempts(db, memberId);
}

function registrationLocked(lockedUntil: Date | undefined, now: Date): ServiceError {
  const retryAfter = lockedUntil ? secondsUntil(lockedUntil, now) : registrationThrottlePolicy.lockSeconds;
  return new ServiceError("REGISTRATION_LOCKED", {
    developerMessage: `Registration of this membership is locked after ${registrationThrottlePolicy.maxFailures} attempts whose details did not match; retry after ${retryAfter} seconds.`,
    headers: { "Retry-After": String(retryAfter) },
  });
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
    throw detailsNotMatching();
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

/** One answer whichever detail was wrong, so a refusal does not help guess the others. */
function detailsNotMatching(): ServiceError {
  return new ServiceError("AUTHENTICATION_FAILED", {
    developerMessage: "The details given do not match those the programme holds for the membership.",
  });
}

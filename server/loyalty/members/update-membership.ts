import { and, eq, sql } from "drizzle-orm";
import type { UpdateMembershipRequest } from "@/lib/contract/update-membership";
import type { Database } from "@/server/db/connect";
import { partnerProgrammes, programmes } from "@/server/loyalty/programmes/programme-tables";
import {
  contactPreferences,
  marketingPreferences,
  membershipChanges,
  members,
  membershipProgrammes,
  postalAddresses,
  telecomAddresses,
  type Member,
} from "./member-tables";
import { recordEvent } from "@/server/loyalty/events/record-event";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { changedElements } from "./changed-elements";
import { planMembershipUpdate, type MembershipChanges } from "./plan-membership-update";

const programmePath = "programme.identifier";

/**
 * P8: applies a partial update of a membership, all of it or nothing, in one
 * transaction. The member's row is locked first, so the add-only details
 * (title, date of birth, country of residence) are checked against what is
 * stored and set before any concurrent update can read them. An update that
 * writes anything is recorded in membership_changes, in the same transaction,
 * with the partner and the agent (X-Agent-Id) that made it, and so is its
 * `membership.updated` event for that partner.
 */
export async function updateMembership(
  db: Database,
  membershipNumber: string,
  request: UpdateMembershipRequest,
  options: { partnerId: number; agentId?: string; at?: Date },
): Promise<void> {
  // The partner's clock (a developer sandbox's own): the change and its event are dated by it.
  const at = options.at ?? new Date();
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(members)
      .where(eq(members.membershipNumber, membershipNumber))
      .for("update");
    // The token named this membership, so it existed when the token was issued.
    if (!member)
      throw new ServiceError("MEMBER_NOT_AUTHORIZED", { developerMessage: "The membership no longer exists." });

    const changes = planMembershipUpdate(member, request);
    const programmeId = request.programme
      ? await programmeToAssociate(tx, member, request.programme.identifier, options.partnerId)
      : undefined;

    await writeChanges(tx, member.id, changes, at);
    if (programmeId !== undefined) {
      const associated = await tx
        .insert(membershipProgrammes)
        .values({ memberId: member.id, programmeId })
        .onConflictDoNothing()
        .returning({ programmeId: membershipProgrammes.programmeId });
      // Under the row lock only a writer that does not take it (none today) could get here first.
      if (associated.length === 0) throw programmeInvalid("The membership is already associated with this programme.");
    }
    const elements = changedElements(changes, request.programme?.identifier.toUpperCase());
    if (elements.length > 0) {
      await tx.insert(membershipChanges).values({
        memberId: member.id,
        partnerId: options.partnerId,
        agentId: options.agentId ?? null,
        elements,
        changedAt: at,
      });
      await recordEvent(
        tx,
        options.partnerId,
        "membership.updated",
        {
          membershipNumber: member.membershipNumber,
          changedElements: elements,
          agentId: options.agentId ?? null,
        },
        { at },
      );
    }
  });
}

/**
 * E11 PROGRAMME_INVALID: the programme must be one the partner (the API's
 * consumer) serves, and the membership not yet associated with it.
 */
async function programmeToAssociate(
  tx: Database,
  member: Member,
  identifier: string,
  partnerId: number,
): Promise<number> {
  const [programme] = await tx
    .select({ id: programmes.id, associated: sql<boolean>`${membershipProgrammes.memberId} is not null` })
    .from(programmes)
    .innerJoin(
      partnerProgrammes,
      and(eq(partnerProgrammes.programmeId, programmes.id), eq(partnerProgrammes.partnerId, partnerId)),
    )
    .leftJoin(
      membershipProgrammes,
      and(eq(membershipProgrammes.programmeId, programmes.id), eq(membershipProgrammes.memberId, member.id)),
    )
    .where(eq(programmes.identifier, identifier.toUpperCase()))
    .limit(1);
  if (!programme) throw programmeInvalid(`${identifier.toUpperCase()} is not a programme of this partner.`);
  if (programme.associated)
    throw programmeInvalid(`The membership is already associated with ${identifier.toUpperCase()}.`);
  return programme.id;
}

async function writeChanges(tx: Database, memberId: number, changes: MembershipChanges, now: Date): Promise<void> {
  if (Object.keys(changes.member).length > 0) {
    await tx
      .update(members)
      .set({ ...changes.member, updatedAt: now })
      .where(eq(members.id, memberId));
  }
  for (const address of changes.postalAddresses) {
    const { type, ...values } = address;
    await tx
      .insert(postalAddresses)
      .values({ memberId, type, ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: [postalAddresses.memberId, postalAddresses.type],
        set: { ...values, updatedAt: now },
      });
  }
  // One number per kind (type and device type): a kind held is updated, another added. Only three
  // kinds exist and the unique index holds one of each, so a member never holds more than three.
  if (changes.telecomAddress) {
    const { type, deviceType, ...values } = changes.telecomAddress;
    await tx
      .insert(telecomAddresses)
      .values({ memberId, type, deviceType, ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: [telecomAddresses.memberId, telecomAddresses.type, telecomAddresses.deviceType],
        set: { ...values, updatedAt: now },
      });
  }
  for (const preference of changes.marketingPreferences) {
    await tx
      .insert(marketingPreferences)
      .values({ memberId, ...preference })
      .onConflictDoUpdate({
        target: [marketingPreferences.memberId, marketingPreferences.campaignType],
        set: { communicationChannel: preference.communicationChannel, indicator: preference.indicator },
      });
  }
  for (const preference of changes.contactPreferences) {
    await tx
      .insert(contactPreferences)
      .values({ memberId, ...preference })
      .onConflictDoUpdate({
        target: [contactPreferences.memberId, contactPreferences.communicationChannel],
        set: { indicator: preference.indicator },
      });
  }
}

function programmeInvalid(developerMessage: string): ServiceError {
  return new ServiceError("MEMBERSHIP_PROGRAMME_INVALID", {
    developerMessage,
    children: [{ path: programmePath, developerMessage }],
  });
}

import { primaryProgramme } from "@/lib/contract/primary-programme";
import type { EventData, EventType } from "@/lib/contract/webhook-events";
import type { Database } from "@/server/db/connect";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/server/db/rows";
import { recordEvent } from "./record-event";

/** The persona the test events speak of: the richest member of the primary programme. */
const samplePersona = "3081000000000001";

interface SampleMember {
  membershipNumber: string;
  balance: string;
}

/**
 * The member a test event names: the partner's own copy of the sample persona with its balance, so a developer's
 * code can look it up with its own keys; the public persona for a partner without copies (the Demo Partner).
 */
async function sampleMember(db: Pick<Database, "execute">, partnerId: number): Promise<SampleMember> {
  const [own] = rowsOf<{ membership_number: string; balance: string | number }>(
    await db.execute(sql`
      SELECT m.membership_number, a.balance FROM loyalty.members m
      JOIN loyalty.accounts a ON a.member_id = m.id
      JOIN loyalty.programmes p ON p.id = a.programme_id AND p.identifier = ${primaryProgramme}
      WHERE m.sandbox_partner_id = ${partnerId} AND m.persona_number = ${samplePersona}
      LIMIT 1`),
  );
  return own
    ? { membershipNumber: own.membership_number, balance: String(own.balance) }
    : { membershipNumber: samplePersona, balance: "250000" };
}

/** Made-up data of each type, shaped as the real events are, about the member given. */
function sampleData(type: EventType, now: Date, member: SampleMember): EventData<EventType> {
  const sampleMembership = member.membershipNumber;
  const transaction = {
    identifier: "TEST0000000000000001",
    points: "1000",
    externalTransactionIdentifier: "TEST-EVENT",
    dateMade: now.toISOString(),
    agentId: null,
  };
  switch (type) {
    case "points.credited":
    case "points.debited":
      return {
        programmeIdentifier: primaryProgramme,
        membershipNumber: sampleMembership,
        balance: member.balance,
        transaction,
      };
    case "points.reversed":
      return {
        programmeIdentifier: primaryProgramme,
        membershipNumber: sampleMembership,
        balance: member.balance,
        transaction,
        reversedTransactionIdentifier: "TEST0000000000000000",
      };
    case "points.debit_settled":
      return {
        programmeIdentifier: primaryProgramme,
        membershipNumber: sampleMembership,
        transaction: { ...transaction, dateMade: new Date(now.getTime() - 24 * 3_600_000).toISOString() },
        settledAt: now.toISOString(),
      };
    case "membership.updated":
      return { membershipNumber: sampleMembership, changedElements: ["emailAddress"], agentId: null };
    case "security_profile.registered":
      return { membershipNumber: sampleMembership };
  }
}

/** A test event of the type (about the partner's own copy of the sample member) (`"test": true` in its body), queued for the partner's endpoints that want it. */
export async function sendTestEvent(db: Database, partnerId: number, type: EventType, now: Date): Promise<string> {
  return db.transaction(async (tx) =>
    recordEvent(tx, partnerId, type, sampleData(type, now, await sampleMember(tx, partnerId)), { test: true, at: now }),
  );
}

import { primaryProgramme } from "@/lib/contract/primary-programme";
import type { EventData, EventType } from "@/lib/contract/webhook-events";
import type { Database } from "@/server/db/connect";
import { recordEvent } from "./record-event";

const sampleMembership = "3081000000000001";

/** Made-up data of each type, shaped as the real events are. */
function sampleData(type: EventType, now: Date): EventData<EventType> {
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
        balance: "250000",
        transaction,
      };
    case "points.reversed":
      return {
        programmeIdentifier: primaryProgramme,
        membershipNumber: sampleMembership,
        balance: "250000",
        transaction,
        reversedTransactionIdentifier: "TEST0000000000000000",
      };
    case "membership.updated":
      return { membershipNumber: sampleMembership, changedElements: ["emailAddress"], agentId: null };
    case "security_profile.registered":
      return { membershipNumber: sampleMembership };
  }
}

/** A test event of the type (`"test": true` in its body), queued for the partner's endpoints that want it. */
export async function sendTestEvent(db: Database, partnerId: number, type: EventType, now: Date): Promise<string> {
  return db.transaction((tx) => recordEvent(tx, partnerId, type, sampleData(type, now), { test: true, at: now }));
}

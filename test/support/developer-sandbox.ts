import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import { members } from "@/server/loyalty/members/member-tables";
import { partners, type Partner } from "@/server/loyalty/partners/partner-tables";

export interface DeveloperSandbox {
  partner: Partner;
  apiKey: string;
  client: { clientId: string; secret: string };
  /** The sandbox's own copy of the public member1 (3081000000000001). */
  member1: string;
}

/** A developer signed up as the console does it: a sandbox partner of its own, with its keys and its member copies. */
export async function newDeveloperSandbox(db: Database, address = "192.0.2.80"): Promise<DeveloperSandbox> {
  const signUp = await signUpDeveloper(db, {
    email: `developer-${randomUUID()}@example.test`,
    password: "correct horse battery",
    address,
    now: new Date(),
  });
  if (signUp.outcome !== "signed-up") throw new Error(signUp.message);
  const { credentials } = signUp;
  const [partner] = await db
    .select()
    .from(partners)
    .where(eq(partners.partnerIdentifier, credentials.partnerIdentifier));
  const [copy] = await db
    .select({ membershipNumber: members.membershipNumber })
    .from(members)
    .where(and(eq(members.sandboxPartnerId, partner!.id), eq(members.personaNumber, "3081000000000001")));
  return {
    partner: partner!,
    apiKey: credentials.stagingApiKey,
    client: { clientId: credentials.clientId, secret: credentials.clientSecret },
    member1: copy!.membershipNumber,
  };
}

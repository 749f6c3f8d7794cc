import "server-only";
import { eq, sql } from "drizzle-orm";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import type { Database } from "@/server/portal/db/portal-database";
import { customers } from "@/server/portal/db/schema";

export interface CustomerDetails {
  membershipNumber: string;
  programme: string;
  firstName?: string | null;
  familyName?: string | null;
  email?: string | null;
}

/** What a membership read says about a customer: names and email as the service stores them. */
export function customerDetails(membership: MembershipResponse, programme: string): CustomerDetails {
  const person = membership.member.person;
  return {
    membershipNumber: membership.membershipIdentifier,
    programme,
    firstName: person.name.firstName ?? null,
    familyName: person.name.familyName,
    email: person.emailAddresses?.preferredEmailAddress.emailAddress ?? null,
  };
}

/**
 * Records a member as one of the partner's customers (a sign-in to the
 * portal), or refreshes what is known of one; one statement, so two
 * sign-ins at once cannot both insert.
 */
export async function recordCustomer(db: Database, details: CustomerDetails, now: Date = new Date()): Promise<void> {
  const known = {
    programme: details.programme,
    ...(details.firstName !== undefined ? { firstName: details.firstName } : {}),
    ...(details.familyName !== undefined ? { familyName: details.familyName } : {}),
    ...(details.email !== undefined ? { email: details.email } : {}),
  };
  await db
    .insert(customers)
    .values({ membershipNumber: details.membershipNumber, ...known, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: customers.membershipNumber,
      set: { ...known, lastSeenAt: sql`excluded.last_seen_at` },
    });
}

/**
 * Keeps a known customer's name and email in step with the service (after
 * staff read or change the profile); a member who never came to the portal
 * is not made a customer by being looked at.
 */
export async function refreshCustomer(db: Database, details: CustomerDetails): Promise<void> {
  await db
    .update(customers)
    .set({ firstName: details.firstName ?? null, familyName: details.familyName ?? null, email: details.email ?? null })
    .where(eq(customers.membershipNumber, details.membershipNumber));
}

import "server-only";
import { asc, ilike, or, sql } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { customers } from "@/server/portal/db/schema";

export interface CustomerMatch {
  membershipNumber: string;
  programme: string;
  firstName: string | null;
  familyName: string | null;
  email: string | null;
  lastSeenAt: Date;
}

export const customerSearchLimit = 25;

/**
 * The service stores text as upper-case ASCII; a query is compared the same
 * way, so "josé" finds JOSE. LIKE's own characters are escaped: they are
 * searched for, not wildcards.
 */
export function comparableQuery(query: string): string {
  return query
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase()
    .replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The partner's own customers (members who signed in to the portal) whose
 * name ("first family", or either alone) or email holds the query; at most
 * `customerSearchLimit`, by family name.
 */
export async function searchCustomers(db: Database, query: string): Promise<CustomerMatch[]> {
  const pattern = `%${comparableQuery(query)}%`;
  const fullName = sql`coalesce(${customers.firstName} || ' ', '') || coalesce(${customers.familyName}, '')`;
  return db
    .select({
      membershipNumber: customers.membershipNumber,
      programme: customers.programme,
      firstName: customers.firstName,
      familyName: customers.familyName,
      email: customers.email,
      lastSeenAt: customers.lastSeenAt,
    })
    .from(customers)
    .where(or(ilike(fullName, pattern), ilike(customers.email, pattern)))
    .orderBy(asc(customers.familyName), asc(customers.firstName), asc(customers.membershipNumber))
    .limit(customerSearchLimit);
}

import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import { partners, type Partner } from "@/server/loyalty/partners/partner-tables";
import { members, type Member } from "./member-tables";

/**
 * The sandbox's one rule of whose members a partner reaches, wherever a
 * member is signed in, credited, registered or read: a developer's sandbox
 * partner reaches only its own copies of the personas; every other partner
 * (the Demo Partner, and every partner of a live deployment, which has no
 * developer sandboxes) only the members no sandbox owns. The programme rules
 * apply on top. A member outside the reach is answered as one that does not
 * exist, so nobody learns of another sandbox's members.
 */
export function reachesMember(
  partner: Pick<Partner, "id" | "developerSandbox">,
  member: Pick<Member, "sandboxPartnerId">,
): boolean {
  return member.sandboxPartnerId === null ? !partner.developerSandbox : member.sandboxPartnerId === partner.id;
}

/** The same rule in SQL, for a query that joins `members` with the `partners` row of the partner asking. */
export function reachesMemberCondition(partnerId: number): SQL {
  return or(
    eq(members.sandboxPartnerId, partnerId),
    and(isNull(members.sandboxPartnerId), eq(partners.developerSandbox, false)),
  )!;
}

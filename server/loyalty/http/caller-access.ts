import "server-only";
import type { Database } from "@/server/db/connect";
import { isPartnerMembership } from "@/server/loyalty/members/is-partner-membership";
import type { AuthenticatedCaller } from "./caller-token";
import { errorCatalogue, type ErrorName } from "@/lib/contract/error-catalogue";
import { bearerChallenge, requireOwnAccount } from "./member-token";
import { ServiceError } from "./service-error";

export interface AccessOptions {
  /** The refusal of an account the caller may not reach; default 401 REQUEST_UNAUTHORIZED / UNAUTHORIZED. */
  refusal?: ErrorName;
}

function refusal(name: ErrorName, developerMessage?: string): ServiceError {
  // A 401 carries the Bearer challenge, as every 401 of the partner operations does.
  return new ServiceError(name, {
    developerMessage,
    headers: errorCatalogue[name].status === 401 ? bearerChallenge : undefined,
  });
}

/**
 * The account of a path with a programme: a member reaches only its own, in
 * its token's programme; an agent reaches a membership associated with that
 * programme when the partner is registered with it. Unknown numbers and
 * other partners' members get the same answer, so nothing tells them apart.
 */
export async function requireAccountAccess(
  db: Database,
  caller: AuthenticatedCaller,
  partnerId: number,
  path: { programmeIdentifier: string; accountIdentifier: string },
  options: AccessOptions = {},
): Promise<void> {
  const refusalName = options.refusal ?? "MEMBER_NOT_AUTHORIZED";
  if (caller.kind === "member") {
    const { member } = caller;
    const own =
      member.membershipNumber === path.accountIdentifier &&
      member.programmeIdentifier === path.programmeIdentifier.toUpperCase();
    if (!own) throw refusal(refusalName);
    return;
  }
  const reachable = await isPartnerMembership(db, {
    partnerId,
    membershipNumber: path.accountIdentifier,
    programmeIdentifier: path.programmeIdentifier,
  });
  if (!reachable) throw refusal(refusalName, "No membership of this programme of yours has this number.");
}

/**
 * The membership of a path without a programme (P8 and the read model): a
 * member reaches only its own; an agent a membership associated with any
 * programme the partner is registered with.
 */
export async function requireMembershipAccess(
  db: Database,
  caller: AuthenticatedCaller,
  partnerId: number,
  membershipNumber: string,
): Promise<void> {
  if (caller.kind === "member") {
    // No programme in this path: the membership must simply be the token's own.
    requireOwnAccount(caller.member, caller.member.programmeIdentifier, membershipNumber);
    return;
  }
  if (!(await isPartnerMembership(db, { partnerId, membershipNumber }))) {
    throw refusal("MEMBER_NOT_AUTHORIZED", "No membership of your programmes has this number.");
  }
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { forgetSettlementMark } from "@/server/loyalty/events/settle-closed-debits";
import { idempotencyKeys } from "@/server/loyalty/idempotency/idempotency-tables";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { loginThrottles } from "@/server/loyalty/login/login-tables";
import { members, membershipChanges } from "@/server/loyalty/members/member-tables";
import { securityProfiles } from "@/server/loyalty/members/security-profile-tables";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { sandbox } from "@/server/loyalty/sandbox/sandbox-file";
import { sandboxClocks } from "@/server/loyalty/sandbox-clock/sandbox-clock-tables";
import { insertPersonaCopies, preparePersonaHashes } from "./provision-sandbox-partner";

/**
 * Puts a developer sandbox's member copies back to their seeded state, in
 * one transaction: the copies are deleted (deleteSandboxMembers), then
 * seeded again under the same numbers and usernames, and its clock goes back
 * to real time (a fresh timeline). Nothing of another
 * partner, nor the partner's keys, clients or request log, changes.
 */
export async function resetDeveloperSandbox(db: Database, partner: Partner, now: Date): Promise<void> {
  if (!partner.developerSandbox) throw new Error("only a developer sandbox's members are reset");
  await preparePersonaHashes();
  await db.transaction(async (tx) => {
    await deleteSandboxMembers(tx, partner);
    // Back to real time: with the journal gone, no entry is dated after the time the sandbox reads next.
    await tx.delete(sandboxClocks).where(eq(sandboxClocks.partnerId, partner.id));
    await forgetSettlementMark(tx, partner.id);
    await insertPersonaCopies(tx, partner, undefined, now);
  });
}

/**
 * Deletes a developer sandbox's member copies, inside the caller's
 * transaction: their journal, idempotency keys and membership changes (the
 * append-only triggers let only a transaction that sets
 * `loyalty.sandbox_reset` delete only such rows: migration 0009), their
 * login throttles, then the members themselves with everything hanging off
 * them (accounts, profiles, addresses, tokens, codes). The reset seeds them
 * again; the expiry of an idle sandbox deletes the partner after them.
 */
export async function deleteSandboxMembers(tx: Database, partner: Partner): Promise<void> {
  if (!partner.developerSandbox) throw new Error("only a developer sandbox's members are deleted");
  await tx.execute(sql`select set_config('loyalty.sandbox_reset', 'on', true)`);
  const copies = await tx
    .select({ id: members.id, username: securityProfiles.username })
    .from(members)
    .leftJoin(securityProfiles, eq(securityProfiles.memberId, members.id))
    .where(eq(members.sandboxPartnerId, partner.id));
  const memberIds = copies.map((copy) => copy.id);
  if (memberIds.length === 0) return;
  const accountIds = tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.memberId, memberIds));
  const journal = tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(inArray(transactions.accountId, accountIds));
  await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.transactionId, journal));
  await tx.delete(transactions).where(inArray(transactions.accountId, accountIds));
  await tx.delete(membershipChanges).where(inArray(membershipChanges.memberId, memberIds));
  const usernames = copies.flatMap((copy) => (copy.username ? [copy.username] : []));
  if (usernames.length > 0) await tx.delete(loginThrottles).where(inArray(loginThrottles.username, usernames));
  await tx.delete(members).where(eq(members.sandboxPartnerId, partner.id));
}

export interface SandboxMemberView {
  membershipNumber: string;
  username: string | null;
  name: string;
  programme: string;
  status: string;
  accountType: string;
  balance: bigint;
  /** What the persona is for, from sandbox.json's notes. */
  purpose: string;
}

/**
 * The members a partner's console lists: a developer sandbox's own copies,
 * or, for the Demo Partner (not a developer sandbox), the shared personas.
 */
export async function listSandboxMembers(db: Database, partner: Partner): Promise<SandboxMemberView[]> {
  const owner = partner.developerSandbox
    ? eq(members.sandboxPartnerId, partner.id)
    : and(sql`${members.sandboxPartnerId} is null`, inArray(members.membershipNumber, personaNumbers));
  const rows = await db
    .select({
      membershipNumber: members.membershipNumber,
      personaNumber: members.personaNumber,
      username: securityProfiles.username,
      firstName: members.firstName,
      familyName: members.familyName,
      programme: programmes.identifier,
      status: accounts.status,
      accountType: accounts.accountType,
      balance: accounts.balance,
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.memberId, members.id))
    .innerJoin(programmes, eq(programmes.id, accounts.programmeId))
    .leftJoin(securityProfiles, eq(securityProfiles.memberId, members.id))
    .where(owner)
    .orderBy(asc(members.membershipNumber));
  return rows.map((row) => {
    const persona = sandbox.members.find(
      (candidate) => candidate.membershipNumber === (row.personaNumber ?? row.membershipNumber),
    );
    return {
      membershipNumber: row.membershipNumber,
      username: row.username?.toLowerCase() ?? null,
      name: [row.firstName, row.familyName].filter(Boolean).join(" "),
      programme: row.programme,
      status: row.status,
      accountType: row.accountType,
      balance: row.balance,
      purpose: persona?.notes ?? "",
    };
  });
}

const personaNumbers = sandbox.members.map((member) => member.membershipNumber);

import { sql, type SQL } from "drizzle-orm";
import { connectDatabase, type ConnectOptions, type Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { sandbox } from "@/server/loyalty/sandbox/sandbox-file";
import { insertMembers } from "@/server/loyalty/sandbox/seed-members";
import type { SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";
import { hashSecret } from "@/server/security/password-hash";
import { prepareEveryParty } from "@/test/support/database-template";
import { benchProgramme } from "./scenarios";

/**
 * The members the bench's load spreads over: the sandbox's own members who
 * can log in to the bench's programme, and as many more as it takes to give every
 * connection a member of its own, as 32 partners' customers paying at once
 * would be. The sandbox has four such members; 32 connections on four
 * accounts queue eight deep on each account's row lock, which measures
 * PostgreSQL's lock queue rather than the request path (the hot-spot
 * scenario keeps that case in the report).
 */
export const sandboxBenchMembers: readonly SandboxMember[] = sandbox.members.filter(
  (member) =>
    member.username && member.status === "ACTIVE" && !member.passwordExpired && member.programme === benchProgramme,
);

/** The members a load of `connections` connections spreads over: one each, the sandbox's first. */
export function benchMembersFor(connections: number): SandboxMember[] {
  return [...sandboxBenchMembers, ...addedBenchMembers(Math.max(0, connections - sandboxBenchMembers.length))];
}

/** Members the bench adds to its own database: numbers and usernames no sandbox member has. */
function addedBenchMembers(count: number): SandboxMember[] {
  const model = sandboxBenchMembers[0]!;
  return Array.from({ length: count }, (_, index) => {
    const ordinal = String(index + 1).padStart(4, "0");
    return {
      membershipNumber: `308100009000${ordinal}`,
      programme: model.programme,
      status: "ACTIVE",
      accountType: "INDIVIDUAL",
      balance: 0,
      username: `bench.member${ordinal}`,
      firstName: "Bench",
      // Names take letters only (the contract's rule for names), so the ordinal goes in letters: Aa, Ab, …
      familyName: `Member${lettersOf(index)}`,
      country: model.country,
      joinDate: model.joinDate,
      title: null,
    };
  });
}

function lettersOf(index: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return `${letters[Math.floor(index / 26) % 26]!.toUpperCase()}${letters[index % 26]!}`;
}

/**
 * Adds `members` to a database that holds the sandbox, as the seed adds the
 * sandbox's own (one argon2id hash of the sandbox password, shared: these
 * members exist only in a bench's throwaway database).
 */
async function insertBenchMembers(db: Database, members: SandboxMember[]): Promise<void> {
  if (members.length === 0) return;
  const identifiers = async (query: SQL): Promise<Map<string, number>> => {
    const rows = rowsOf<{ identifier: string; id: number }>(await db.execute(query));
    return new Map(rows.map((row) => [row.identifier, Number(row.id)]));
  };
  const programmes = await identifiers(sql`SELECT identifier, id FROM loyalty.programmes`);
  const partners = await identifiers(sql`SELECT partner_identifier AS identifier, id FROM loyalty.partners`);
  const passwordHash = await hashSecret(sandbox.password);
  await db.transaction((tx) =>
    insertMembers(
      tx,
      { ...sandbox, members },
      { programmes, partners },
      {
        passwords: new Map(members.map((member) => [member.membershipNumber, passwordHash])),
        registeredIdentifiers: new Map(),
      },
      new Date(),
    ),
  );
}

/**
 * Prepares a bench database before any app opens it: the schema and the
 * sandbox as the app would prepare them on first use, then the added
 * members. The embedded database has one owner at a time, so this comes
 * before the app starts, for PostgreSQL too (one way for both).
 */
export async function prepareBenchDatabase(where: ConnectOptions, members: readonly SandboxMember[]): Promise<void> {
  const handle = await connectDatabase({ ...where, poolSize: 2 });
  try {
    await prepareEveryParty(handle);
    const sandboxNumbers = new Set(sandbox.members.map((member) => member.membershipNumber));
    await insertBenchMembers(
      handle.db,
      members.filter((member) => !sandboxNumbers.has(member.membershipNumber)),
    );
  } finally {
    await handle.close();
  }
}

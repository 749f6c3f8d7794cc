import { createHash } from "node:crypto";
import type { NewTransaction } from "@/server/loyalty/ledger/ledger-tables";
import type { SandboxMember } from "./sandbox-file";
import { historyOf, type HistoryEntry } from "./seeded-histories";

/** The spec's character rules for what retrieve transactions returns. */
export const creditDescriptionPattern = /^[A-Za-z0-9&.-]{1,51}$/;
export const debitDescriptionPattern = /^[A-Za-z0-9~!@#$%^&]+$/;
export const transactionIdentifierPattern = /^[A-Z0-9]{1,32}$/;
/** Retrieved transactions carry at most 6 digits. */
export const maxSeededCredit = 999_999;

export interface JournalContext {
  partnerId: number;
  externalSource: string;
  now: Date;
  /**
   * A developer sandbox's copy of a persona (server/loyalty/developers): the
   * persona's history, its named transactions under the same external
   * identifiers (unique per partner) and public identifiers made unique by
   * `identifierSuffix` (they are unique across the service).
   */
  copyOf?: { persona: SandboxMember; identifierSuffix: string };
}

/** A journal row still waiting for its account's id. */
export type SeededRow = Omit<NewTransaction, "accountId">;

export interface SeededJournal {
  rows: SeededRow[];
  /** `YYYY-MM-DD` of the latest partner transaction, null when there is none. */
  lastActivityDate: string | null;
}

/** The description of an opening balance: it passes the credit rule, should it ever be shown. */
export const openingBalanceDescription = "OPENING-BALANCE";

/**
 * The journal rows of one member's seeded history. Everything derives from the
 * membership number, the entry's position and `now`, so the same seed always
 * gives the same journal; a history that contradicts the sandbox throws.
 */
export function seededJournal(member: SandboxMember, context: JournalContext): SeededJournal {
  const entries = historyOf(context.copyOf?.persona ?? member);
  assertConsistent(member, entries);
  const rows = entries.map((entry, index): SeededRow => {
    if (entry.kind === "OPENING") return openingRow(`SBX${member.membershipNumber}OPEN`, entry.points, member.joinDate);
    const external = entry.identifier ?? `SBX${member.membershipNumber}N${String(index + 1).padStart(2, "0")}`;
    const identifier =
      entry.identifier !== undefined && context.copyOf
        ? `${entry.identifier}${context.copyOf.identifierSuffix}`
        : external;
    const dateMade = seededMoment(context.now, entry.daysAgo, index);
    const isCredit = entry.kind === "CREDIT";
    return {
      identifier,
      partnerId: context.partnerId,
      kind: entry.kind,
      pointsDelta: BigInt(isCredit ? entry.points : -entry.points),
      description: entry.description,
      externalTransactionIdentifier: external,
      externalTransactionDate: dateMade,
      externalReferenceIdentifier: isCredit ? referenceFor(identifier, isCredit) : null,
      serviceReference: isCredit ? null : referenceFor(identifier, isCredit),
      // A debit request requires its own description of the sale; a credit's is optional.
      externalReferenceDescription: isCredit ? null : entry.description,
      externalPartnerIdentifier: "WEB",
      externalSource: isCredit ? context.externalSource : null,
      dateMade,
    };
  });
  // An opening balance is no activity of the member's.
  const latest = rows.filter((row) => row.kind !== "OPENING").at(-1)?.dateMade;
  return { rows, lastActivityDate: latest ? latest.toISOString().slice(0, 10) : null };
}

/** Dated when the account opened (its join date), before anything it could have done. */
function openingRow(identifier: string, points: number, joinDate: string): SeededRow {
  return {
    identifier,
    partnerId: null,
    kind: "OPENING",
    pointsDelta: BigInt(points),
    description: openingBalanceDescription,
    externalTransactionIdentifier: null,
    externalTransactionDate: null,
    externalReferenceIdentifier: null,
    serviceReference: null,
    externalReferenceDescription: null,
    externalPartnerIdentifier: null,
    externalSource: null,
    dateMade: new Date(`${joinDate}T00:00:00.000Z`),
  };
}

/**
 * 10:00 UTC on the day `daysAgo` before `now`, plus one minute per position
 * so that entries of the same day keep their order. Never today, so a seeded
 * date is never in the future whatever the hour of seeding.
 */
export function seededMoment(now: Date, daysAgo: number, position: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, 10, position));
}

/**
 * Credits carry a booking-reference-like code, debits an internal reference
 * (the spec says the service generates it); both alphanumeric, at most 10.
 */
function referenceFor(identifier: string, isCredit: boolean): string {
  const digest = createHash("sha256").update(identifier).digest();
  if (!isCredit) return `R${(digest.readUInt32BE(0) % 1_000_000_000).toString().padStart(9, "0")}`;
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(digest.subarray(0, 6), (byte) => alphabet[byte % alphabet.length]).join("");
}

function assertConsistent(member: SandboxMember, entries: HistoryEntry[]): void {
  const fail = (problem: string) => {
    throw new Error(`Seeded history of ${member.membershipNumber}: ${problem}`);
  };
  let running = 0;
  let previousDaysAgo = Number.POSITIVE_INFINITY;
  for (const [index, entry] of entries.entries()) {
    if (!Number.isInteger(entry.points) || entry.points < 1) fail(`bad amount ${entry.points}`);
    if (entry.kind === "OPENING") {
      if (index !== 0) fail("an opening balance comes first");
      running += entry.points;
      continue;
    }
    if (entry.daysAgo < 1 || entry.daysAgo > previousDaysAgo) fail(`entries must be oldest first, before today`);
    previousDaysAgo = entry.daysAgo;
    if (entry.identifier !== undefined && !transactionIdentifierPattern.test(entry.identifier)) {
      fail(`bad identifier ${entry.identifier}`);
    }
    if (entry.kind === "CREDIT") {
      if (entry.points > maxSeededCredit) fail(`credit ${entry.points} exceeds 6 digits`);
      if (!creditDescriptionPattern.test(entry.description)) fail(`bad credit description ${entry.description}`);
      running += entry.points;
    } else {
      if (!debitDescriptionPattern.test(entry.description)) fail(`bad debit description ${entry.description}`);
      running -= entry.points;
      if (running < 0) fail(`balance goes negative ${entry.daysAgo} days ago`);
    }
  }
  if (running !== member.balance) fail(`journal sums to ${running}, sandbox balance is ${member.balance}`);
}

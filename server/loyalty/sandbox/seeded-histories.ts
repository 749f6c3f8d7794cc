import type { SandboxMember } from "./sandbox-file";

/** One seeded partner transaction, before it is given ids, references and a timestamp. */
export interface PartnerEntry {
  daysAgo: number;
  kind: "CREDIT" | "DEBIT";
  /** Unsigned; the journal stores debits negative. */
  points: number;
  description: string;
  /** Only for the transactions that sandbox.json names; the rest get a derived identifier. */
  identifier?: string;
}

/**
 * The points an account held when it came to the service: a journal entry,
 * so the journal still sums to the balance, but no partner transaction, so
 * retrieve transactions never shows it.
 */
export interface OpeningEntry {
  kind: "OPENING";
  points: number;
}

export type HistoryEntry = PartnerEntry | OpeningEntry;

const credit = (daysAgo: number, points: number, description: string, identifier?: string): PartnerEntry => ({
  daysAgo,
  kind: "CREDIT",
  points,
  description,
  identifier,
});

const debit = (daysAgo: number, points: number, description: string, identifier?: string): PartnerEntry => ({
  daysAgo,
  kind: "DEBIT",
  points,
  description,
  identifier,
});

const opening = (points: number): OpeningEntry => ({ kind: "OPENING", points });

/*
 * Scripted histories, oldest first. Sandbox.json promises member 1 thirty
 * transactions (three of them named), member 9 twelve, and the checkout's
 * shopper none: its 60000 points are an opening balance. Member 1's two large
 * credits come before the 1000000-point debit so that the running balance never
 * goes negative, while each credit stays within the 6 digits that retrieved
 * transactions can carry.
 */
const scripted: Record<string, HistoryEntry[]> = {
  "3081000000000001": [
    credit(364, 520000, "CARD-SIGNUP-BONUS"),
    credit(351, 14200, "FLIGHT-LHR-JFK"),
    credit(351, 3100, "HOTEL-STAY"),
    debit(337, 12000, "SEATUPGRADE"),
    credit(322, 2600, "CAR-HIRE"),
    credit(305, 498000, "PARTNER-TRANSFER"),
    credit(290, 16400, "FLIGHT-JFK-LHR"),
    debit(274, 4500, "LOUNGEPASS"),
    credit(259, 1800, "TRAVEL-INSURANCE"),
    credit(243, 8900, "FLIGHT-LHR-DXB"),
    credit(228, 5200, "HOTEL-STAY"),
    credit(214, 9100, "FLIGHT-DXB-LHR"),
    debit(200, 1000000, "REWARDFLIGHT", "SBXBIGDEBIT0001"),
    credit(187, 11300, "FLIGHT-LHR-CPT"),
    credit(173, 4700, "HOTEL-STAY"),
    debit(160, 7500, "EXTRABAGGAGE"),
    credit(146, 2400, "CAR-HIRE"),
    credit(131, 125000, "CARD-SPEND-BONUS"),
    credit(117, 13600, "FLIGHT-CPT-LHR"),
    debit(102, 9000, "HOTELREWARD"),
    credit(88, 3900, "HOTEL-STAY"),
    credit(74, 6100, "FLIGHT-LHR-MAD"),
    credit(59, 1500, "CAR-HIRE"),
    debit(40, 5000, "DEMOSHOP&POINTS", "SBXOLDDEBIT0001"),
    credit(33, 7200, "FLIGHT-MAD-LHR"),
    credit(25, 22000, "DEMOSHOP-PURCHASE"),
    debit(18, 3000, "LOUNGEPASS"),
    credit(10, 2000, "DEMOSHOP-PURCHASE", "SBXCREDIT0001"),
    credit(6, 9500, "FLIGHT-LHR-DUB"),
    credit(2, 2500, "HOTEL-STAY"),
  ],
  "3081000000000009": [
    credit(350, 12000, "FLIGHT-MAD-FCO"),
    credit(330, 3500, "HOTEL-STAY"),
    debit(300, 6000, "SEATUPGRADE"),
    credit(270, 9800, "FLIGHT-FCO-MAD"),
    credit(240, 2200, "CAR-HIRE"),
    credit(200, 15000, "PARTNER-BONUS"),
    debit(170, 10000, "REWARDFLIGHT"),
    credit(130, 8600, "FLIGHT-BCN-MXP"),
    credit(95, 4100, "HOTEL-STAY"),
    debit(60, 3200, "LOUNGEPASS"),
    credit(30, 2700, "FLIGHT-MXP-BCN"),
    credit(12, 1300, "CAR-HIRE"),
  ],
  "3081000000000012": [opening(60000)],
};

// Well below the 6-digit ceiling, so the rounding remainder never pushes a credit over it.
const largestGeneratedCredit = 900_000;
const generatedDescriptions = ["FLIGHT-LHR-JFK", "HOTEL-STAY", "CAR-HIRE", "FLIGHT-JFK-LHR"];

/**
 * A plain earning history for members without a script: a few round credits
 * that add up to the balance (none for an empty account), so any balance in
 * sandbox.json gets a consistent journal without editing this file.
 */
function generatedCredits(balance: number): PartnerEntry[] {
  if (balance === 0) return [];
  const count = Math.max(balance < 1000 ? 1 : balance < 5000 ? 2 : 3, Math.ceil(balance / largestGeneratedCredit));
  const share = Math.floor(balance / count / 100) * 100;
  return Array.from({ length: count }, (_, index) => {
    // The last credit takes the rounding remainder.
    const points = index === count - 1 ? balance - share * (count - 1) : share;
    const daysAgo = 30 + 75 * (count - 1 - index);
    return credit(daysAgo, points, generatedDescriptions[index % generatedDescriptions.length]!);
  });
}

/** The member's seeded history, oldest first. */
export function historyOf(member: SandboxMember): HistoryEntry[] {
  return scripted[member.membershipNumber] ?? generatedCredits(member.balance);
}

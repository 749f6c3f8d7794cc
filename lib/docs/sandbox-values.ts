import sandbox from "@/sandbox.json";

/**
 * The sandbox values the documentation fills its examples with. All of
 * sandbox.json is public test data (its `about` says so); live secrets never
 * appear in it.
 */
const demoPartner = sandbox.partners[0]!;

export const sandboxOrigin = sandbox.origin;
export const sandboxApiKey = demoPartner.apiKeys.staging;
export const sandboxPassword = sandbox.password;
export const sandboxClient = demoPartner.oauthClient!;
export const sandboxFurtherProgrammes = demoPartner.furtherProgrammes!;
export const svcClientApplicationName = sandbox.svcClientApplicationName;

export type SandboxMember = (typeof sandbox.members)[number];

/** A sandbox member by membership number; throws when sandbox.json lost it (a public contract changes only by adding). */
export function sandboxMember(membershipNumber: string): SandboxMember {
  const member = sandbox.members.find((candidate) => candidate.membershipNumber === membershipNumber);
  if (!member) throw new Error(`sandbox.json has no member ${membershipNumber}`);
  return member;
}

/** The members the examples and recipes use, by what each is for. */
export const members = {
  /** demo.member1: a rich history, the seeded debit outside the reversal window and a seeded credit. */
  rich: sandboxMember("3081000000000001"),
  /** demo.household: title and date of birth already set. */
  household: sandboxMember("3081000000000002"),
  /** No security profile yet; registers with postcode SW1A1AA. */
  unregisteredGb: sandboxMember("3081000000000003"),
  /** No security profile yet; resident in ES, registers with date of birth 1990-04-12. */
  unregisteredEs: sandboxMember("3081000000000005"),
  /** Fraud status. */
  fraud: sandboxMember("3081000000000007"),
  /** Cancelled: can log in, but its account cannot be retrieved or reversed. */
  cancelled: sandboxMember("3081000000000008"),
  /** Zero balance. */
  empty: sandboxMember("3081000000000010"),
} as const;

export const seededTransactions = {
  /** A debit of demo.member1, 40 days old: outside the 24-hour reversal window. */
  oldDebit: "SBXOLDDEBIT0001",
  /** A credit of demo.member1. */
  credit: "SBXCREDIT0001",
} as const;

export const otherPartnerKeys = {
  inactive: sandbox.partners.find((partner) => partner.status === "INACTIVE")!.apiKeys.staging,
  withoutProgramme: sandbox.partners.find((partner) => partner.programmes.length === 0)!.apiKeys.staging,
} as const;

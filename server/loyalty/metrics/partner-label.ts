import type { Partner } from "@/server/loyalty/partners/partner-tables";

/** The label of requests whose api_key named no partner (missing, unknown): nobody's. */
export const noPartnerLabel = "none";

/** The one label every developer's own sandbox shares. */
export const sandboxPartnerLabel = "sandbox";

/**
 * A partner as a metric's label value, bounded: partners the operator
 * created (the Demo Partner, live partners) by their identifier, every
 * sandbox a developer's sign-up made as one "sandbox" (anyone can sign up,
 * so their identifiers would grow without end).
 */
export function partnerLabel(partner: Pick<Partner, "partnerIdentifier" | "developerSandbox"> | undefined): string {
  if (!partner) return noPartnerLabel;
  return partner.developerSandbox ? sandboxPartnerLabel : partner.partnerIdentifier;
}

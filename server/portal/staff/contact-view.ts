import "server-only";
import { phoneKinds } from "@/lib/portal/profile/profile-fields";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { maskEmail, maskPhoneNumber } from "./mask-contact";

/** A member's email and phone numbers as the console shows them: in full, or partly hidden. */
export interface ContactView {
  masked: boolean;
  email?: string;
  phones: Array<{ label: string; value: string }>;
}

/**
 * The contact details of a membership, masked for a role that does not
 * need them in full (an agent reveals them, which is audited). Masking
 * happens on the server: the hidden characters never reach the browser.
 */
export function contactView(membership: MembershipResponse, masked: boolean): ContactView {
  const person = membership.member.person;
  const email = person.emailAddresses?.preferredEmailAddress.emailAddress;
  const phones = phoneKinds.flatMap((kind) => {
    const telecom = person.telecomAddresses.find(
      (candidate) => candidate.type === kind.type && candidate.deviceType === kind.deviceType,
    );
    if (!telecom) return [];
    const prefix = [telecom.countryCode ? `+${telecom.countryCode}` : "", telecom.areaCode ?? ""]
      .filter(Boolean)
      .join(" ");
    const number = masked ? maskPhoneNumber(telecom.number) : telecom.number;
    return [{ label: kind.label, value: [prefix, number].filter(Boolean).join(" ") }];
  });
  return {
    masked,
    ...(email ? { email: masked ? maskEmail(email) : email } : {}),
    phones,
  };
}

/** The membership without its email and phone numbers, for what needs only the name and number (a heading). */
export function withoutContact(membership: MembershipResponse): MembershipResponse {
  const { emailAddresses: _email, ...person } = membership.member.person;
  return { ...membership, member: { ...membership.member, person: { ...person, telecomAddresses: [] } } };
}

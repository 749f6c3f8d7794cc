import type { MembershipChanges } from "./plan-membership-update";

/**
 * The names of what one update writes, for the audit of membership changes:
 * which details, addresses and preferences, never their values.
 */
export function changedElements(changes: MembershipChanges, associatedProgramme?: string): string[] {
  return [
    ...Object.keys(changes.member),
    ...changes.postalAddresses.map((address) => `postalAddress.${address.type}`),
    ...(changes.telecomAddress
      ? [`telecomAddress.${changes.telecomAddress.type}.${changes.telecomAddress.deviceType}`]
      : []),
    ...changes.marketingPreferences.map((preference) => `marketingPreference.${preference.campaignType}`),
    ...changes.contactPreferences.map((preference) => `contactPreference.${preference.communicationChannel}`),
    ...(associatedProgramme ? [`programme.${associatedProgramme}`] : []),
  ];
}

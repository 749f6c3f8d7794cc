import { z } from "zod";
import {
  addressValidations,
  campaignTypes,
  contactChannels,
  indicators,
  postalAddressTypes,
  telecomDeviceTypes,
  telecomTypes,
} from "./update-membership";

/**
 * Retrieve membership: an extension of this service (the spec names the
 * operation but leaves its contract "not shown"). `GET /v3/memberships/{id}`
 * with the member's token returns the profile in the element names of the
 * update (P8) body, so the portal's profile form reads and writes one shape.
 * Values are as stored: upper-case ASCII.
 */
export const retrieveMembershipVersions = ["v3"] as const;

const postalAddressViewSchema = z.object({
  type: z.enum(postalAddressTypes),
  addressLines: z.array(z.string()).min(1).max(4),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  postCode: z.string().optional(),
  validation: z.enum(addressValidations),
});

const telecomAddressViewSchema = z.object({
  type: z.enum(telecomTypes),
  deviceType: z.enum(telecomDeviceTypes),
  countryCode: z.string().optional(),
  areaCode: z.string().optional(),
  number: z.string(),
});

export const membershipResponseSchema = z.object({
  membershipIdentifier: z.string(),
  member: z.object({
    person: z.object({
      name: z.object({
        title: z.string().optional(),
        firstName: z.string().optional(),
        familyName: z.string(),
      }),
      dateOfBirth: z.iso.date().optional(),
      /** Set by the first postal address when absent; never changed afterwards. */
      countryOfResidence: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
      locale: z.object({ languageCode: z.string() }).optional(),
      emailAddresses: z.object({ preferredEmailAddress: z.object({ emailAddress: z.string() }) }).optional(),
      preferredPostalAddress: postalAddressViewSchema.optional(),
      otherPostalAddress: postalAddressViewSchema.optional(),
      /** Up to three: one per kind (mobile, work phone, home phone). */
      telecomAddresses: z.array(telecomAddressViewSchema).max(3),
    }),
    marketingPreference: z.array(
      z.object({
        campaignType: z.enum(campaignTypes),
        communicationChannel: z.literal("POSTAL"),
        indicator: z.enum(indicators),
      }),
    ),
    contactPreference: z.array(
      z.object({ communicationChannel: z.enum(contactChannels), indicator: z.enum(indicators) }),
    ),
  }),
  /** The programmes the membership is associated with, its own first. */
  programmes: z.array(z.object({ identifier: z.string(), name: z.string() })),
  /** Which of the add-only elements an update can still set (each is true until set once). */
  canAdd: z.object({ title: z.boolean(), dateOfBirth: z.boolean(), countryOfResidence: z.boolean() }),
  _links: z.object({ self: z.object({ href: z.string() }) }),
});

export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

import { z } from "zod";
import { operationNames } from "@/lib/contract/operation-names";
import {
  registerAccountRequestSchema,
  registerAccountVersions,
  type RegisterAccountRequest,
} from "@/lib/contract/register-account";
import {
  membershipResponseSchema,
  retrieveMembershipVersions,
  type MembershipResponse,
} from "@/lib/contract/retrieve-membership";
import {
  updateMembershipRequestSchema,
  updateMembershipVersions,
  type UpdateMembershipRequest,
} from "@/lib/contract/update-membership";
import { members, sandboxOrigin } from "@/lib/docs/sandbox-values";
import { membershipIdentifier } from "./parameters";
import type { DocumentedOperation } from "./types";

const membershipPath = z.object({ "membership-identifier": membershipIdentifier });

export const registerExample: RegisterAccountRequest = {
  member: {
    securityProfile: {
      credentials: { identifier: "jo.tester", password: "Tester#2026" },
      securityResponses: [
        { questionIdentifier: "1", response: "Lisbon" },
        { questionIdentifier: "4", response: "Rex" },
      ],
    },
    postalAddress: { postCode: members.unregisteredGb.postCode! },
  },
};

export const updateExample: UpdateMembershipRequest = {
  member: {
    person: {
      name: { title: "DR" },
      emailAddresses: { preferredEmailAddress: { emailAddress: "alex.example@example.com" } },
      preferredTelecomAddress: { countryCode: "44", number: "7700900123", type: "PERSONAL", deviceType: "MOBILE" },
    },
    contactPreference: [{ communicationChannel: "EMAIL", indicator: "Y" }],
  },
};

const membershipView: MembershipResponse = {
  membershipIdentifier: members.rich.membershipNumber,
  member: {
    person: {
      name: { firstName: "ALEX", familyName: "EXAMPLE" },
      dateOfBirth: members.rich.dateOfBirth ?? undefined,
      countryOfResidence: "GB",
      telecomAddresses: [],
    },
    marketingPreference: [],
    contactPreference: [],
  },
  programmes: [{ identifier: "NORTHSTAR", name: "Northstar Club" }],
  canAdd: { title: true, dateOfBirth: false, countryOfResidence: false },
  _links: { self: { href: `${sandboxOrigin}/api/v3/memberships/${members.rich.membershipNumber}?api_key=...` } },
};

export const registerAccount: DocumentedOperation = {
  id: "registerAccount",
  spec: "P7",
  summary: operationNames.registerAccount.name,
  description:
    "Gives an existing, active membership without a security profile its login credentials and two security responses. The membership's country decides what else is needed: GB and ZA a postcode, ZA also a registered identifier, elsewhere the date of birth; each must match what the programme holds on file. The api_key is enough.",
  tag: "Memberships",
  method: "post",
  versions: registerAccountVersions,
  path: "/memberships/{membership-identifier}/registrations",
  testPath: false,
  errorShape: "wrapped",
  token: "none",
  headers: [{ name: "X-Forwarded-For", required: false }],
  pathParameters: membershipPath,
  body: () => ({
    schema: registerAccountRequestSchema(),
    examples: {
      gb: { summary: `A GB member (${members.unregisteredGb.membershipNumber})`, value: registerExample },
    },
  }),
  success: { status: 201, description: "Registered; the body is empty." },
};

export const updateMembership: DocumentedOperation = {
  id: "updateMembership",
  spec: "P8",
  summary: operationNames.updateMembership.name,
  description:
    "A partial update of the member's profile: send only what changes. Title, date of birth and country of residence can be added once and never changed. Values are stored in upper-case ASCII. Needs the member's own token.",
  tag: "Memberships",
  method: "patch",
  versions: updateMembershipVersions,
  path: "/memberships/{membership-identifier}",
  testPath: true,
  errorShape: "flat",
  token: "member",
  headers: [
    { name: "X-Forwarded-For", required: false },
    { name: "X-Agent-Id", required: false },
  ],
  pathParameters: membershipPath,
  body: () => ({
    schema: updateMembershipRequestSchema(),
    examples: { contact: { summary: "Title, email, mobile and a contact preference", value: updateExample } },
  }),
  success: { status: 204, description: "Updated; the body is empty." },
};

export const retrieveMembership: DocumentedOperation = {
  id: "retrieveMembership",
  spec: "Extension",
  summary: operationNames.retrieveMembership.name,
  description:
    "An extension: the spec names Retrieve Membership but shows no contract. The profile in the element names of the update body, the programmes of the membership, and which add-once elements can still be set. Needs the member's own token.",
  tag: "Memberships",
  method: "get",
  versions: retrieveMembershipVersions,
  path: "/memberships/{membership-identifier}",
  testPath: true,
  errorShape: "flat",
  token: "member",
  headers: [
    { name: "X-Forwarded-For", required: false },
    { name: "X-Agent-Id", required: false },
  ],
  pathParameters: membershipPath,
  success: {
    status: 200,
    description: "The membership as stored (upper-case ASCII).",
    schema: membershipResponseSchema,
    examples: { member: { summary: members.rich.username!, value: membershipView } },
  },
};

import { z } from "zod";
import { contractPath, sentence } from "@/lib/forms/field-errors";
import {
  postCodeCountries,
  registerAccountRequestSchema,
  registeredIdentifierCountries,
  registrationPathSchema,
  utcToday,
} from "@/lib/contract/register-account";

/**
 * The registration form, in the order the fields are shown (which is the
 * order the first invalid one is found in). Every value is a string as
 * typed; `toRegisterRequest` turns them into the P7 body, and the form is
 * validated by running that body through the contract's own schema.
 */
export const registerFields = [
  "membershipNumber",
  "country",
  "postCode",
  "identifierType",
  "identifierNumber",
  "dateOfBirth",
  "username",
  "password",
  "question1",
  "answer1",
  "question2",
  "answer2",
] as const;

export type RegisterField = (typeof registerFields)[number];
export type RegisterFormValues = Record<RegisterField, string>;
export type RegisterAccountBody = z.input<ReturnType<typeof registerAccountRequestSchema>>;

/** What the form submits: the path's membership number and the P7 body. */
export interface RegisterSubmission {
  membershipNumber: string;
  body: RegisterAccountBody;
}

export const emptyRegisterValues: RegisterFormValues = Object.fromEntries(
  registerFields.map((field) => [field, ""]),
) as RegisterFormValues;

/** What the service asks of a resident of `country` (the same lists it decides by). */
export function residenceNeeds(country: string) {
  const chosen = country !== "";
  return {
    postCode: postCodeCountries.includes(country),
    identifier: registeredIdentifierCountries.includes(country),
    dateOfBirth: chosen && !postCodeCountries.includes(country),
  };
}

/** The fields on screen for the chosen country; an error for a field not shown goes to the alert. */
export function shownRegisterFields(country: string): Set<RegisterField> {
  const needs = residenceNeeds(country);
  return new Set(
    registerFields.filter((field) => {
      if (field === "postCode") return needs.postCode;
      if (field === "identifierType" || field === "identifierNumber") return needs.identifier;
      if (field === "dateOfBirth") return needs.dateOfBirth;
      return true;
    }),
  );
}

const withoutSpaces = (value: string) => value.replace(/\s+/g, "");

/**
 * The P7 request the form's values make. Membership numbers and postcodes
 * are often written in groups ("3081 0000…", "SW1A 1AA") while the service
 * takes them without spaces, so spaces are dropped; the password is sent
 * exactly as typed (the service never trims it).
 */
export function toRegisterRequest(values: RegisterFormValues): RegisterSubmission {
  const needs = residenceNeeds(values.country);
  return {
    membershipNumber: withoutSpaces(values.membershipNumber),
    body: {
      member: {
        securityProfile: {
          credentials: { identifier: values.username.trim(), password: values.password },
          securityResponses: [
            { questionIdentifier: values.question1, response: values.answer1.trim() },
            { questionIdentifier: values.question2, response: values.answer2.trim() },
          ],
        },
        ...(needs.postCode ? { postalAddress: { postCode: withoutSpaces(values.postCode) } } : {}),
        ...(needs.identifier
          ? { registeredIdentifier: [{ identifier: values.identifierNumber.trim(), type: values.identifierType }] }
          : {}),
        ...(needs.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
      },
    },
  };
}

const securityProfile = "member.securityProfile";
const fieldByPath: Readonly<Record<string, RegisterField>> = {
  membershipIdentifier: "membershipNumber",
  [`${securityProfile}.credentials.identifier`]: "username",
  [`${securityProfile}.credentials.password`]: "password",
  [`${securityProfile}.securityResponses[0]`]: "answer1",
  [`${securityProfile}.securityResponses[0].questionIdentifier`]: "question1",
  [`${securityProfile}.securityResponses[0].response`]: "answer1",
  [`${securityProfile}.securityResponses[1]`]: "answer2",
  [`${securityProfile}.securityResponses[1].questionIdentifier`]: "question2",
  [`${securityProfile}.securityResponses[1].response`]: "answer2",
  "member.postalAddress": "postCode",
  "member.postalAddress.postCode": "postCode",
  "member.registeredIdentifier": "identifierNumber",
  "member.registeredIdentifier[0]": "identifierNumber",
  "member.registeredIdentifier[0].identifier": "identifierNumber",
  "member.registeredIdentifier[0].type": "identifierType",
  "member.dateOfBirth": "dateOfBirth",
};

/** The form field behind a path of the request (a zod issue's or a service childError's). */
export function registerFieldForPath(path: string): RegisterField | undefined {
  return fieldByPath[path];
}

export const registerFieldLabels: Readonly<Record<RegisterField, string>> = {
  membershipNumber: "Membership number",
  country: "Country of residence",
  postCode: "Postcode",
  identifierType: "Identity document",
  identifierNumber: "Document number",
  dateOfBirth: "Date of birth",
  username: "Username",
  password: "Password",
  question1: "First security question",
  answer1: "First answer",
  question2: "Second security question",
  answer2: "Second answer",
};

/** What an empty field is told; the contract's own wording would be "the username is empty" and the like. */
const requiredMessages: Readonly<Record<RegisterField, string>> = {
  membershipNumber: "Enter your membership number.",
  country: "Choose your country of residence.",
  postCode: "Enter your postcode.",
  identifierType: "Choose the type of identity document.",
  identifierNumber: "Enter the document number.",
  dateOfBirth: "Enter your date of birth.",
  username: "Choose a username.",
  password: "Choose a password.",
  question1: "Choose a security question.",
  answer1: "Enter an answer to the first question.",
  question2: "Choose a second security question.",
  answer2: "Enter an answer to the second question.",
};

/** A contract message for a field, as a sentence; bare "must be…" messages get the field's name. */
export function registerFieldMessage(field: RegisterField, message: string): string {
  return sentence(/^must\b/.test(message) ? `The ${registerFieldLabels[field].toLowerCase()} ${message}` : message);
}

/**
 * The form's schema: required fields for the chosen country, then the
 * contract's rules (registration path and P7 body) on the request the form
 * would send, each issue placed on the field its path maps to. So the form
 * refuses exactly what the service would, in the service's words.
 */
export function registerFormSchema(today: string = utcToday()) {
  const requestSchema = registerAccountRequestSchema(today);
  const shape = Object.fromEntries(registerFields.map((field) => [field, z.string()])) as Record<
    RegisterField,
    z.ZodString
  >;
  return z.object(shape).superRefine((values, context) => {
    const shown = shownRegisterFields(values.country);
    const failed = new Set<RegisterField>();
    const fail = (field: RegisterField, message: string) => {
      if (failed.has(field)) return;
      failed.add(field);
      context.addIssue({ code: "custom", path: [field], message });
    };

    for (const field of registerFields) {
      // The password counts as typed: spaces alone are a (refused) password, not an empty field.
      const blank = field === "password" ? values[field] === "" : values[field].trim() === "";
      if (shown.has(field) && blank) fail(field, requiredMessages[field]);
    }

    const request = toRegisterRequest(values);
    const issues = [
      ...(registrationPathSchema.safeParse({ membershipIdentifier: request.membershipNumber }).error?.issues ?? []),
      ...(requestSchema.safeParse(request.body).error?.issues ?? []),
    ];
    for (const issue of issues) {
      const field = registerFieldForPath(contractPath(issue.path));
      if (field) fail(field, registerFieldMessage(field, issue.message));
    }
  });
}

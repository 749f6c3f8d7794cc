import "server-only";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { childFieldErrors, outageRefusal } from "./service-refusal";

const needsCountryCheck = "check the country of residence you chose.";

/** The service's wording is for partners; these are for the member at the form. */
const childMessages: Readonly<Record<string, string>> = {
  USERNAME_ALREADY_EXISTS: "This username is taken. Choose another one.",
};

const missingByPath: Readonly<Record<string, string>> = {
  "member.postalAddress.postCode": `Your membership needs a postcode to register: ${needsCountryCheck}`,
  "member.registeredIdentifier": `Your membership needs an identity document to register: ${needsCountryCheck}`,
  "member.dateOfBirth": `Your membership needs a date of birth to register: ${needsCountryCheck}`,
};

const notMatchingByPath: Readonly<Record<string, string>> = {
  "member.postalAddress.postCode": "This postcode does not match the one we hold for the membership.",
  "member.dateOfBirth": "This date of birth does not match the one we hold for the membership.",
};

/** Turns a failed P7 call into what the registration form shows: messages on fields, and one for the alert. */
export function registrationRefusal(error: unknown): ActionRefusal {
  const outage = outageRefusal(error, "register-account");
  if (outage) return outage;
  if (!(error instanceof LoyaltyApiError)) return refusal("failed", "The registration failed. Please try again.");

  if (error.code === "CUSTOMER_ALREADY_EXISTS") {
    return refusal(
      "refused",
      "This membership is already registered for online access. Sign in with its username and password instead.",
    );
  }
  if (error.has("REGISTRATION_FAILED")) {
    return refusal(
      "refused",
      "We could not register this membership. Check the membership number: only an active membership can be registered online.",
      { fieldErrors: { membershipIdentifier: "Check this number: it is not that of an active membership." } },
    );
  }
  if (error.has("USERNAME_ALREADY_EXISTS")) {
    return refusal("refused", "That username is already in use.", {
      fieldErrors: childFieldErrors(error, childMessages),
    });
  }
  if (error.has("AUTHENTICATION_FAILED")) {
    const fieldErrors = childFieldErrors(error);
    for (const path of Object.keys(fieldErrors)) fieldErrors[path] = notMatchingByPath[path] ?? fieldErrors[path]!;
    return refusal("refused", "The details you gave do not match our records for this membership.", { fieldErrors });
  }

  const fieldErrors = childFieldErrors(error);
  if (error.has("MANDATORY_DATA_MISSING")) {
    for (const path of Object.keys(fieldErrors)) fieldErrors[path] = missingByPath[path] ?? fieldErrors[path]!;
  }
  return refusal("invalid", "Some details need correcting.", { fieldErrors });
}

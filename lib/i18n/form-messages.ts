import type en from "@/messages/en.json";
import { cardMessages } from "@/lib/payments-contract/card-rules";

/** A key of the catalogue's `formMessages`. */
export type FormMessageKey = keyof (typeof en)["formMessages"];

export interface FormMessage {
  key: FormMessageKey;
  values?: Record<string, string | number>;
}

/**
 * The English sentences the member's forms show from sources shared with
 * other parties, mapped to catalogue keys. The contract's schemas (the one
 * schema each form and its server action share) word their rules for the
 * service's partners in English, and the service and the card processor
 * answer in the same words: they stay as they are, and the form shows them
 * in the member's language through this table. The English catalogue holds
 * the same sentences (test/unit/i18n-form-messages.test.ts), so English
 * pages read exactly as before; a sentence missing here is shown as it came.
 */
const exact: ReadonlyArray<readonly [string, FormMessageKey]> = [
  // lib/payments-contract/card-rules.ts: the card form's and the processor's rules.
  [cardMessages.numberRequired, "cardNumberRequired"],
  [cardMessages.numberInvalid, "cardNumberInvalid"],
  [cardMessages.expiryRequired, "cardExpiryRequired"],
  [cardMessages.expiryFormat, "cardExpiryFormat"],
  [cardMessages.expiryMonth, "cardExpiryMonth"],
  [cardMessages.expiryYear, "cardExpiryYear"],
  [cardMessages.expired, "cardExpired"],
  [cardMessages.securityCodeRequired, "cardSecurityCodeRequired"],
  [cardMessages.securityCode, "cardSecurityCode"],
  [cardMessages.nameRequired, "cardNameRequired"],
  [cardMessages.name, "cardName"],
  // lib/contract/update-membership.ts and register-account.ts, as a form shows them (sentence()).
  ["The title is 1 to 30 letters.", "title"],
  ["Must be a valid date YYYY-MM-DD.", "dateInvalid"],
  ["Must be 1000-01-01 or later.", "dateTooEarly"],
  ["Must not be in the future.", "dateInFuture"],
  ["An address line must not be blank.", "addressLineBlank"],
  ["An address line takes Latin letters, digits and punctuation.", "addressLineLatin"],
  ["The postcode is at most 8 letters and digits, without spaces.", "postCodeFormat"],
  ["The email address has one @, and only letters, digits, - and . after it.", "emailFormat"],
  ["The email address takes Latin letters, digits and punctuation.", "emailLatin"],
  ["The country code is up to 5 digits, without a leading zero or plus.", "phoneCountryCode"],
  ["The area code is up to 5 digits.", "phoneAreaCode"],
  ["The number is up to 15 digits.", "phoneNumber"],
  ["Area code and number together are at most 15 digits.", "phoneTooLong"],
  ["The country code is ISO 3166-1 alpha-2, two letters.", "countryInvalid"],
  ["The country code is not an ISO 3166-1 country.", "countryNotIso"],
  // lib/portal/profile/profile-plan.ts: what the profile form finds before sending.
  ["An email address can be changed but not removed.", "emailNotRemovable"],
  ["An address can be changed but not removed.", "addressNotRemovable"],
  ["Choose your country of residence: your addresses must be in it.", "countryNeeded"],
  ["Add a home or work address too: the country of residence is set with the first address.", "countryNeedsAddress"],
  ["A phone number can be changed but not removed.", "phoneNotRemovable"],
  ["Enter the number.", "phoneNumberRequired"],
  // The portal's server actions (server/portal/member-action.ts, profile and registration refusals).
  ["The country code must be that of your country of residence.", "phoneCountryOfResidence"],
  ["Check the postcode: it is not one of your country of residence.", "postCodeOfResidence"],
  [
    "Title, date of birth and country of residence can be added once but not changed. Reload the page to see what is stored.",
    "detailsAlreadyExist",
  ],
  ["Some details need correcting.", "someDetailsNeedCorrecting"],
  ["Your changes could not be saved. Please try again.", "changesNotSaved"],
  [
    "The loyalty service is not available at the moment. Nothing was changed; please try again in a few minutes.",
    "serviceUnavailable",
  ],
  ["Too many requests reach the loyalty service right now. Wait a minute, then try again.", "serviceBusy"],
  ["This request did not come from this site. Reload the page and try again.", "notFromThisSite"],
  ["Your session has ended. Sign in again.", "sessionEnded"],
  // The order page's cancellation (server/portal/orders/cancel-order-action.ts, server/portal/checkout/cancel-order.ts).
  ["Your session has ended. Sign in again to cancel.", "cancelSignedOut"],
  ["We can't find that order.", "cancelNotFound"],
  ["We could not find this order.", "cancelCouldNotFind"],
  ["We could not cancel this order just now. Please try again in a few minutes.", "cancelUnavailable"],
  ["Only a completed order can be cancelled, and this one is not completed.", "cancelNotCompleted"],
  ["This order can no longer be cancelled: the time to return its points has passed.", "cancelWindowClosed"],
  ["This order is being updated. Please try again in a minute.", "cancelBusy"],
  // components/register/register-form-schema.ts: an empty field, and the contract's rules named by field.
  ["Enter your membership number.", "regMembershipRequired"],
  ["Choose your country of residence.", "regCountryRequired"],
  ["Enter your postcode.", "regPostCodeRequired"],
  ["Choose the type of identity document.", "regIdentifierTypeRequired"],
  ["Enter the document number.", "regIdentifierRequired"],
  ["Enter your date of birth.", "regDateOfBirthRequired"],
  ["Choose a username.", "regUsernameRequired"],
  ["Choose a password.", "regPasswordRequired"],
  ["Choose a security question.", "regQuestion1Required"],
  ["Enter an answer to the first question.", "regAnswer1Required"],
  ["Choose a second security question.", "regQuestion2Required"],
  ["Enter an answer to the second question.", "regAnswer2Required"],
  ["The membership number must be 16 to 24 digits.", "regMembershipFormat"],
  ["The date of birth must be a valid date YYYY-MM-DD.", "regDateInvalid"],
  ["The date of birth must be 1000-01-01 or later.", "regDateTooEarly"],
  ["The date of birth must not be in the future.", "regDateInFuture"],
  ["The username must be 6 to 50 characters.", "regUsernameLength"],
  [
    "The username takes letters, digits and . @ - _, and starts and ends with a letter or digit.",
    "regUsernameCharacters",
  ],
  ["The password must be 8 to 20 characters.", "regPasswordLength"],
  ["The password must not contain accented characters or spaces.", "regPasswordCharacters"],
  [
    "The password needs at least three of: a digit, a lower-case letter, an upper-case letter, a special character.",
    "regPasswordMix",
  ],
  ["The question identifier must be a number from 1 to 12.", "regQuestionIdentifier"],
  ["The two security responses must answer different questions.", "regDifferentQuestions"],
  ["The identifier is at most 24 characters.", "regIdentifierTooLong"],
  ["The postcode is 1 to 8 letters and digits, without spaces.", "regPostCodeFormat"],
  // server/portal/register/: the registration's refusals.
  ["This username is taken. Choose another one.", "regUsernameTaken"],
  ["Your membership needs a postcode to register: check the country of residence you chose.", "regNeedsPostCode"],
  [
    "Your membership needs an identity document to register: check the country of residence you chose.",
    "regNeedsIdentifier",
  ],
  [
    "Your membership needs a date of birth to register: check the country of residence you chose.",
    "regNeedsDateOfBirth",
  ],
  ["This postcode does not match the one we hold for the membership.", "regPostCodeNotMatching"],
  ["This date of birth does not match the one we hold for the membership.", "regDateOfBirthNotMatching"],
  ["The registration failed. Please try again.", "regFailed"],
  [
    "This membership is already registered for online access. Sign in with its username and password instead.",
    "regAlreadyRegistered",
  ],
  [
    "We could not register this membership. Check the membership number: only an active membership can be registered online.",
    "regNotActive",
  ],
  ["Check this number: it is not that of an active membership.", "regNumberNotActive"],
  ["That username is already in use.", "regUsernameInUse"],
  ["The details you gave do not match our records for this membership.", "regNotMatching"],
  ["The registration could not be read. Reload the page and try again.", "regNotRead"],
];

const patterns: ReadonlyArray<readonly [RegExp, FormMessageKey, (match: RegExpExecArray) => FormMessage["values"]]> = [
  [/^The member must be at least (\d+) years old\.$/, "tooYoung", (match) => ({ age: Number(match[1]) })],
  [/^An address line is at most (\d+) characters\.$/, "addressLineTooLong", (match) => ({ max: Number(match[1]) })],
  [/^The email address is at most (\d+) characters\.$/, "emailTooLong", (match) => ({ max: Number(match[1]) })],
  [/^A postcode is required in ([A-Z]{2})\.$/, "postCodeRequired", (match) => ({ country: match[1]! })],
  [/^The postcode is not one of ([A-Z]{2})\.$/, "postCodeNotOfCountry", (match) => ({ country: match[1]! })],
  [
    /^Numbers of members living in ([A-Z]{2}) have country code (\d+)\.$/,
    "phoneCountryCodeOf",
    (match) => ({ country: match[1]!, code: match[2]! }),
  ],
  [
    /^The security response is at most (\d+) characters\.$/,
    "regResponseTooLong",
    (match) => ({ max: Number(match[1]) }),
  ],
  [
    /^Too many registrations were sent from your network\. Please try again in (\d+) minutes?\.$/,
    "regTooManyMinutes",
    (match) => ({ count: Number(match[1]) }),
  ],
  [
    /^Too many registrations were sent from your network\. Please try again in (\d+) hours?\.$/,
    "regTooManyHours",
    (match) => ({ count: Number(match[1]) }),
  ],
];

const byText = new Map<string, FormMessageKey>(exact);

/** The catalogue key (and its values) of an English form message; undefined for one the table does not know. */
export function formMessage(message: string): FormMessage | undefined {
  const key = byText.get(message);
  if (key) return { key };
  for (const [pattern, patternKey, values] of patterns) {
    const match = pattern.exec(message);
    if (match) return { key: patternKey, values: values(match) };
  }
  return undefined;
}

/** Every English sentence of the table, for the test that the English catalogue says them alike. */
export const knownFormMessages: readonly string[] = exact.map(([text]) => text);

import { z } from "zod";
import { membershipNumberSchema } from "./common";

/**
 * P7 Register account. Key names the spec leaves "not shown" are chosen in
 * docs/decisions.md: `credentials.password`, `securityResponses[]` with
 * `questionIdentifier` and `response`, `postalAddress.postCode`.
 *
 * Which catalogue entry a failure maps to follows table E10: an absent node
 * is MANDATORY_DATA_MISSING, a malformed one DATA_INVALID, except where a
 * refinement names the entry (empty credentials and everything about the
 * security responses are MANDATORY_DATA_MISSING in E10).
 */
export const registerAccountVersions = ["v2"] as const;

/** At most this many registered identifiers in one request (the spec says 0..n). */
export const maxRegisteredIdentifiers = 5;
/** Longest security response accepted (the spec gives no length). */
export const maxSecurityResponseLength = 100;

export const registrationPathSchema = z.object({
  membershipIdentifier: membershipNumberSchema,
});

const missing = { error: "MANDATORY_DATA_MISSING" } as const;

/** Today as `YYYY-MM-DD` in UTC: the reference for "not in the future". */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A string checked against rules in order; only the first that fails is
 * reported, so one node gives one child error with the most telling message.
 */
export function stringRules(rules: ReadonlyArray<readonly [holds: (value: string) => boolean, message: string]>) {
  return z.string().superRefine((value, context) => {
    const failed = rules.find(([holds]) => !holds(value));
    if (failed) context.addIssue({ code: "custom", message: failed[1] });
  });
}

/**
 * One of fixed upper-case values. A string first, so that an absent value is
 * `missing` (MANDATORY_DATA_MISSING) like any other absent node, not merely
 * an invalid option.
 */
export function oneOf<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z.string({ error: message }).pipe(z.enum(values, { error: message }));
}

const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success;

/** A valid calendar date `YYYY-MM-DD` from 1000-01-01 up to `today` (dates of birth). */
export function pastDateRules(today: string): ReadonlyArray<readonly [(value: string) => boolean, string]> {
  return [
    [isCalendarDate, "must be a valid date YYYY-MM-DD"],
    [(value) => value >= "1000-01-01", "must be 1000-01-01 or later"],
    [(value) => value <= today, "must not be in the future"],
  ];
}

/** Letters, digits and `. @ - _`, 6 to 50, starting and ending with a letter or digit. */
export const usernameSchema = z.string().superRefine((value, context) => {
  if (value === "") {
    context.addIssue({ code: "custom", message: "the username is empty", params: missing });
  } else if (value.length < 6 || value.length > 50) {
    context.addIssue({ code: "custom", message: "the username must be 6 to 50 characters" });
  } else if (!/^[A-Za-z0-9](?:[A-Za-z0-9.@_-]*[A-Za-z0-9])?$/.test(value)) {
    context.addIssue({
      code: "custom",
      message: "the username takes letters, digits and . @ - _, and starts and ends with a letter or digit",
    });
  }
});

const passwordClasses = [/[0-9]/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/] as const;

/** 8 to 20 printable ASCII characters (no accents) of at least three of: digit, lower case, upper case, special. */
export const passwordSchema = z.string().superRefine((value, context) => {
  const length = [...value].length;
  if (value === "") {
    context.addIssue({ code: "custom", message: "the password is empty", params: missing });
  } else if (length < 8 || length > 20) {
    context.addIssue({ code: "custom", message: "the password must be 8 to 20 characters" });
  } else if (!/^[\x21-\x7E]+$/.test(value)) {
    context.addIssue({ code: "custom", message: "the password must not contain accented characters or spaces" });
  } else if (passwordClasses.filter((pattern) => pattern.test(value)).length < 3) {
    context.addIssue({
      code: "custom",
      message:
        "the password needs at least three of: a digit, a lower-case letter, an upper-case letter, a special character",
    });
  }
});

const securityResponseSchema = z
  .object({
    questionIdentifier: z.string().superRefine((value, context) => {
      if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 12) {
        context.addIssue({
          code: "custom",
          message: "the question identifier must be a number from 1 to 12",
          params: missing,
        });
      }
    }),
    response: z.string().superRefine((value, context) => {
      if (value.trim() === "") {
        context.addIssue({ code: "custom", message: "the security response is empty", params: missing });
      } else if (value.length > maxSecurityResponseLength) {
        context.addIssue({
          code: "custom",
          message: `the security response is at most ${maxSecurityResponseLength} characters`,
          params: missing,
        });
      }
    }),
  })
  .strict();

const securityResponsesSchema = z.array(securityResponseSchema).superRefine((responses, context) => {
  if (responses.length !== 2) {
    context.addIssue({ code: "custom", message: "exactly two security responses are required", params: missing });
    return;
  }
  const [first, second] = responses;
  if (first && second && Number(first.questionIdentifier) === Number(second.questionIdentifier)) {
    context.addIssue({
      code: "custom",
      path: [1, "questionIdentifier"],
      message: "the two security responses must answer different questions",
      params: missing,
    });
  }
});

export const registeredIdentifierTypes = ["PASSPORT", "NATIONAL_IDENTITY_CARD"] as const;

const registeredIdentifierSchema = z
  .object({
    identifier: z.string().min(1, "the identifier is empty").max(24, "the identifier is at most 24 characters"),
    type: oneOf(registeredIdentifierTypes, "the type is PASSPORT or NATIONAL_IDENTITY_CARD"),
  })
  .strict();

export function registerAccountRequestSchema(today: string = utcToday()) {
  return z
    .object(
      {
        member: z
          .object({
            securityProfile: z
              .object({
                credentials: z.object({ identifier: usernameSchema, password: passwordSchema }).strict(),
                securityResponses: securityResponsesSchema,
              })
              .strict(),
            postalAddress: z
              .object({
                postCode: z
                  .string()
                  .regex(/^[A-Za-z0-9]{1,8}$/, "the postcode is 1 to 8 letters and digits, without spaces"),
              })
              .strict()
              .optional(),
            registeredIdentifier: z
              .array(registeredIdentifierSchema)
              .max(maxRegisteredIdentifiers, `at most ${maxRegisteredIdentifiers} registered identifiers`)
              .optional(),
            dateOfBirth: stringRules(pastDateRules(today)).optional(),
          })
          .strict(),
      },
      { error: "the body must be a JSON object holding member" },
    )
    .strict();
}

export type RegisterAccountRequest = z.infer<ReturnType<typeof registerAccountRequestSchema>>;

/** Countries whose residents register with a postcode; ZA residents also with a registered identifier. */
export const postCodeCountries: readonly string[] = ["GB", "ZA"];
export const registeredIdentifierCountries: readonly string[] = ["ZA"];

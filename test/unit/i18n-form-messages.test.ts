import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { cardFormSchema } from "@/components/checkout/card-form-schema";
import {
  emptyRegisterValues,
  registerFormSchema,
  type RegisterFormValues,
} from "@/components/register/register-form-schema";
import { formMessage, knownFormMessages } from "@/lib/i18n/form-messages";
import { cardMessages } from "@/lib/payments-contract/card-rules";
import { profileFormSchema, toProfileValues } from "@/lib/portal/profile/profile-plan";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

const inEnglish = createTranslator({ locale: "en", messages: en, namespace: "formMessages" });
const inSpanish = createTranslator({ locale: "es", messages: es, namespace: "formMessages" });
const english = (key: keyof typeof en.formMessages, values?: Record<string, string | number>) => inEnglish(key, values);

describe("form messages in the member's language", () => {
  it("has an English catalogue that says every known sentence exactly as the schemas and services word it", () => {
    for (const sentence of knownFormMessages) {
      const known = formMessage(sentence);
      expect(known, sentence).toBeDefined();
      expect(english(known!.key, known!.values)).toBe(sentence);
    }
  });

  it("reads the sentences with figures in them, and gives their figures to the translation", () => {
    for (const sentence of [
      "The member must be at least 18 years old.",
      "An address line is at most 50 characters.",
      "The email address is at most 50 characters.",
      "A postcode is required in GB.",
      "The postcode is not one of ZA.",
      "Numbers of members living in GB have country code 44.",
      "The security response is at most 100 characters.",
      "Too many registrations were sent from your network. Please try again in 1 minute.",
      "Too many registrations were sent from your network. Please try again in 12 minutes.",
      "Too many registrations were sent from your network. Please try again in 3 hours.",
    ]) {
      const known = formMessage(sentence);
      expect(known, sentence).toBeDefined();
      expect(english(known!.key, known!.values)).toBe(sentence);
    }
    expect(formMessage("Numbers of members living in GB have country code 44.")?.values).toEqual({
      country: "GB",
      code: "44",
    });
    const tooYoung = formMessage("The member must be at least 18 years old.")!;
    expect(inSpanish(tooYoung.key, tooYoung.values)).toMatch(/18 años/);
  });

  it("knows every message the card form's schema can give", () => {
    const schema = cardFormSchema(new Date("2026-11-26T00:00:00Z"));
    const typed = [
      { cardNumber: "", expiry: "", securityCode: "", nameOnCard: "" },
      { cardNumber: "4242 4242 4242 4241", expiry: "13/30", securityCode: "1", nameOnCard: "123" },
      { cardNumber: "12", expiry: "1230", securityCode: "12345", nameOnCard: "A" },
      { cardNumber: "4242424242424242", expiry: "01/20", securityCode: "123", nameOnCard: "Ana" },
      { cardNumber: "4242424242424242", expiry: "01/99", securityCode: "123", nameOnCard: "Ana" },
    ];
    const messages = typed.flatMap(
      (values) => schema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [],
    );
    expect(messages.length).toBeGreaterThan(5);
    expect(messages.filter((message) => !formMessage(message))).toEqual([]);
    expect(Object.values(cardMessages).filter((message) => !formMessage(message))).toEqual([]);
  });

  it("knows every message the registration form's schema gives for an empty form and for bad values", () => {
    const schema = registerFormSchema("2026-11-26");
    const attempts: RegisterFormValues[] = [
      { ...emptyRegisterValues },
      { ...emptyRegisterValues, country: "ZA" },
      { ...emptyRegisterValues, country: "ES" },
      {
        ...emptyRegisterValues,
        membershipNumber: "1234",
        country: "ES",
        dateOfBirth: "2099-01-01",
        username: "ab",
        password: "short",
        question1: "1",
        answer1: "x".repeat(120),
        question2: "1",
        answer2: "y",
      },
      {
        ...emptyRegisterValues,
        membershipNumber: "3081000000000005",
        country: "ZA",
        postCode: "TOO LONG 99",
        identifierType: "PASSPORT",
        identifierNumber: "X".repeat(30),
        username: "-bad name-",
        password: "sólo acentos",
        question1: "2",
        answer1: "a",
        question2: "3",
        answer2: "b",
      },
      {
        ...emptyRegisterValues,
        membershipNumber: "3081000000000005",
        country: "ES",
        dateOfBirth: "0999-01-01",
        password: "alllowercase",
      },
    ];
    const messages = attempts.flatMap(
      (values) => schema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [],
    );
    expect(messages.length).toBeGreaterThan(15);
    expect([...new Set(messages.filter((message) => !formMessage(message)))]).toEqual([]);
  });

  it("knows the messages the profile form's schema gives for a member's usual mistakes", () => {
    const membership = {
      membershipIdentifier: "30810000001",
      canAdd: { title: true, dateOfBirth: true, countryOfResidence: false },
      member: {
        person: {
          name: { firstName: "ALEX", familyName: "MORGAN" },
          countryOfResidence: "GB",
          emailAddresses: { preferredEmailAddress: { emailAddress: "ALEX@EXAMPLE.COM" } },
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["1 HIGH STREET"],
            countryCode: "GB",
            postCode: "SW1A1AA",
          },
          telecomAddresses: [{ type: "PERSONAL", deviceType: "MOBILE", countryCode: "44", number: "7700900000" }],
        },
        marketingPreference: [],
        contactPreference: [],
      },
    } as unknown as MembershipResponse;
    const stored = toProfileValues(membership);
    const schema = profileFormSchema(membership, "2026-11-26");
    const attempts = [
      { ...stored, title: "Dr.", dateOfBirth: "2020-01-01", email: "" },
      { ...stored, email: "alex@@example", homeLine1: "", homePostCode: "" },
      { ...stored, mobileCountryCode: "33", homePostCode: "TOO LONG 123" },
      { ...stored, mobileNumber: "", mobileCountryCode: "", mobileAreaCode: "" },
      { ...stored, workLine1: "Ünïcode ✓ street", workLine2: "x".repeat(60) },
      { ...stored, homePhoneAreaCode: "20" },
    ];
    const messages = attempts.flatMap(
      (values) => schema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [],
    );
    expect(messages.length).toBeGreaterThan(6);
    expect(messages.filter((message) => !formMessage(message))).toEqual([]);
  });
});

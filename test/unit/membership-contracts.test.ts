import { describe, expect, it } from "vitest";
import { passwordSchema, registerAccountRequestSchema, usernameSchema } from "@/lib/contract/register-account";
import { isAtLeastAge, isIsoCountryCode, updateMembershipRequestSchema } from "@/lib/contract/update-membership";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { catchServiceError as failure } from "../support/catch-service-error";

const mapping = { invalid: "DATA_INVALID", missing: "MANDATORY_DATA_MISSING" } as const;

describe("register account contract", () => {
  it.each(["jo.tester", "A1b2c3", "a.b@c-d_e", `a${"b".repeat(48)}c`, "123456"])(
    "accepts the username %s",
    (username) => {
      expect(usernameSchema.safeParse(username).success).toBe(true);
    },
  );

  it.each(["abc12", `a${"b".repeat(50)}`, "_jotester", "jotester.", "jo$tester", "jo tester", "jösé12", "jo/tester"])(
    "refuses the username %s",
    (username) => {
      expect(usernameSchema.safeParse(username).success).toBe(false);
    },
  );

  it.each(["Secret#2026", "abcdefG1", "ABCDEF1#", "abcdef#G", "Ab1#Ab1#Ab1#Ab1#Ab1#"])(
    "accepts the password %s",
    (password) => {
      expect(passwordSchema.safeParse(password).success).toBe(true);
    },
  );

  it.each(["Ab1#xyz", "Ab1#Ab1#Ab1#Ab1#Ab1#x", "abcdefgh1", "ABCDEFGH#", "Pässword#1", "Pass word1"])(
    "refuses the password %s",
    (password) => {
      expect(passwordSchema.safeParse(password).success).toBe(false);
    },
  );

  it("maps empty credentials and every security response problem to MANDATORY_DATA_MISSING", () => {
    const schema = registerAccountRequestSchema("2026-01-01");
    const body = (credentials: object, responses: unknown[]) => ({
      member: { securityProfile: { credentials, securityResponses: responses } },
    });
    const ok = [
      { questionIdentifier: "1", response: "a" },
      { questionIdentifier: "2", response: "b" },
    ];
    expect(
      failure(() => validateInput(schema, body({ identifier: "", password: "Secret#2026" }, ok), mapping)).errorName,
    ).toBe("MANDATORY_DATA_MISSING");
    expect(
      failure(() => validateInput(schema, body({ identifier: "jo.tester", password: "Secret#2026" }, [ok[0]]), mapping))
        .errorName,
    ).toBe("MANDATORY_DATA_MISSING");
    expect(
      failure(() =>
        validateInput(
          schema,
          body({ identifier: "jo.tester", password: "Secret#2026" }, [
            ok[0],
            { questionIdentifier: "1", response: "c" },
          ]),
          mapping,
        ),
      ).errorName,
    ).toBe("MANDATORY_DATA_MISSING");
    expect(
      failure(() => validateInput(schema, body({ identifier: "jo", password: "Secret#2026" }, ok), mapping)).errorName,
    ).toBe("DATA_INVALID");
  });

  it("refuses a date of birth after the reference day", () => {
    const schema = registerAccountRequestSchema("2026-01-01");
    const body = (dateOfBirth: string) => ({
      member: {
        securityProfile: {
          credentials: { identifier: "jo.tester", password: "Secret#2026" },
          securityResponses: [
            { questionIdentifier: "1", response: "a" },
            { questionIdentifier: "2", response: "b" },
          ],
        },
        dateOfBirth,
      },
    });
    expect(schema.safeParse(body("2026-01-01")).success).toBe(true);
    expect(schema.safeParse(body("2026-01-02")).success).toBe(false);
  });
});

describe("update membership contract", () => {
  it.each([
    ["2008-01-01", "2026-01-01", true],
    ["2008-01-02", "2026-01-01", false],
    ["2008-02-29", "2026-02-28", false],
    ["2008-02-29", "2026-03-01", true],
    ["1000-01-01", "2026-01-01", true],
  ])("someone born %s is 18 on %s: %s", (dateOfBirth, today, expected) => {
    expect(isAtLeastAge(dateOfBirth, today, 18)).toBe(expected);
  });

  it("knows ISO 3166-1 alpha-2 codes in any case", () => {
    expect(isIsoCountryCode("gb")).toBe(true);
    expect(isIsoCountryCode("ZA")).toBe(true);
    expect(isIsoCountryCode("UK")).toBe(false);
    expect(isIsoCountryCode("XX")).toBe(false);
  });

  it("accepts an empty body: every top-level element is optional", () => {
    expect(updateMembershipRequestSchema("2026-01-01").parse({})).toEqual({});
  });

  it("defaults nothing: an absent validation flag stays absent in the parsed request", () => {
    const parsed = updateMembershipRequestSchema("2026-01-01").parse({
      member: { person: { preferredPostalAddress: { type: "PERSONAL", addressLines: ["1"], countryCode: "IE" } } },
    });
    expect(parsed.member?.person.preferredPostalAddress).toEqual({
      type: "PERSONAL",
      addressLines: ["1"],
      countryCode: "IE",
    });
  });

  it.each([
    ["GB", "SW1A2AA", true],
    ["GB", "sw1a2aa", true],
    ["GB", "GIR0AA", true],
    ["GB", "2AA", false],
    ["US", "20500", true],
    ["US", "205001234", false],
    ["US", "2050", false],
    ["ZA", "8001", true],
    ["ZA", "80012", false],
    ["NL", "1012AB", true],
    ["IE", "D02X285", true],
    ["IE", undefined, true],
    ["GB", undefined, false],
  ])("a postal address in %s with postcode %s is valid: %s", (countryCode, postCode, expected) => {
    const result = updateMembershipRequestSchema("2026-01-01").safeParse({
      member: {
        person: {
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["1 Street"],
            countryCode,
            ...(postCode ? { postCode } : {}),
          },
        },
      },
    });
    expect(result.success).toBe(expected);
  });

  it("names ADDRESS_NOT_SUPPORTED for a telecom pair that does not exist", () => {
    const error = failure(() =>
      validateInput(
        updateMembershipRequestSchema("2026-01-01"),
        { member: { person: { preferredTelecomAddress: { number: "1", type: "BUSINESS", deviceType: "MOBILE" } } } },
        mapping,
      ),
    );
    expect(error.errorName).toBe("ADDRESS_NOT_SUPPORTED");
    expect(error.options.children?.[0]?.path).toBe("member.person.preferredTelecomAddress.deviceType");
  });
});

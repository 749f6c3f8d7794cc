import { describe, expect, it } from "vitest";
import { z } from "zod";
import { programmesQuerySchema } from "@/lib/contract/retrieve-programme";
import { issuePath, validateInput } from "@/server/loyalty/http/validate-input";
import { catchServiceError as failure } from "../support/catch-service-error";

describe("issuePath", () => {
  it("renders dots and brackets, the spec's childError path syntax", () => {
    expect(issuePath(["member", "securityProfile", "responses", 1, "questionId"])).toBe(
      "member.securityProfile.responses[1].questionId",
    );
    expect(issuePath([0, "code"])).toBe("[0].code");
    expect(issuePath([])).toBeUndefined();
  });
});

describe("validateInput", () => {
  const schema = z.object({ amount: z.string().regex(/^\d+$/), currency: z.object({ code: z.literal("POINTS") }) });

  it("returns the parsed value", () => {
    expect(validateInput(schema, { amount: "12", currency: { code: "POINTS" } }, { invalid: "DATA_INVALID" })).toEqual({
      amount: "12",
      currency: { code: "POINTS" },
    });
  });

  it("gives one child per failing node, with its path", () => {
    const error = failure(() =>
      validateInput(schema, { amount: "x", currency: { code: "EUR" } }, { invalid: "DATA_INVALID" }),
    );
    expect(error.errorName).toBe("DATA_INVALID");
    expect(error.options.children?.map((child) => child.path)).toEqual(["amount", "currency.code"]);
  });

  it("maps an absent node to the `missing` entry when the operation has one", () => {
    const error = failure(() =>
      validateInput(
        schema,
        { currency: { code: "POINTS" } },
        { invalid: "DATA_INVALID", missing: "MEMBERSHIP_IDENTIFIER_INVALID" },
      ),
    );
    expect(error.errorName).toBe("MEMBERSHIP_IDENTIFIER_INVALID");
    expect(error.options.children?.[0]?.path).toBe("amount");
  });

  it("lets a refinement name its catalogue entry", () => {
    const error = failure(() =>
      validateInput(programmesQuerySchema, { membershipIdentifier: "12AB" }, { invalid: "DATA_INVALID" }),
    );
    expect(error.errorName).toBe("MEMBERSHIP_IDENTIFIER_INVALID");
    expect(error.options.children?.[0]?.path).toBe("membershipIdentifier");
  });
});

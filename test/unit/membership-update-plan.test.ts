import { describe, expect, it } from "vitest";
import { updateMembershipRequestSchema, type UpdateMembershipRequest } from "@/lib/contract/update-membership";
import { planMembershipUpdate, type StoredDetails } from "@/server/loyalty/members/plan-membership-update";
import { catchServiceError as refusal } from "../support/catch-service-error";

const empty: StoredDetails = { title: null, dateOfBirth: null, countryOfResidence: null };
const request = (body: unknown): UpdateMembershipRequest => updateMembershipRequestSchema("2026-06-01").parse(body);

describe("planMembershipUpdate", () => {
  it("plans nothing for an empty request", () => {
    expect(planMembershipUpdate(empty, request({}))).toEqual({
      member: {},
      postalAddresses: [],
      telecomAddress: undefined,
      marketingPreferences: [],
      contactPreferences: [],
    });
  });

  it("stores text in upper-case ASCII and defaults the validation flag to SYSTEM", () => {
    const plan = planMembershipUpdate(
      empty,
      request({
        member: {
          person: {
            name: { title: "Señora" },
            locale: { languageCode: "ca" },
            emailAddresses: { preferredEmailAddress: { emailAddress: "núria@example.es" } },
            preferredPostalAddress: {
              type: "PERSONAL",
              addressLines: [" Plaça Catalunya 1 "],
              countryCode: "es",
              postCode: "08002",
            },
          },
        },
      }),
    );
    expect(plan.member).toEqual({
      title: "SENORA",
      languageCode: "CA",
      emailAddress: "NURIA@EXAMPLE.ES",
      countryOfResidence: "ES",
    });
    expect(plan.postalAddresses).toEqual([
      { type: "PERSONAL", lines: ["PLACA CATALUNYA 1"], countryCode: "ES", postCode: "08002", validation: "SYSTEM" },
    ]);
  });

  it("lists every add-only detail that is already held", () => {
    const error = refusal(() =>
      planMembershipUpdate(
        { title: "MS", dateOfBirth: "1975-01-30", countryOfResidence: "US" },
        request({
          member: {
            person: {
              name: { title: "Dr" },
              dateOfBirth: "1975-01-30",
              preferredPostalAddress: { type: "PERSONAL", addressLines: ["1"], countryCode: "IE" },
            },
          },
        }),
      ),
    );
    expect(error.errorName).toBe("DETAILS_ALREADY_EXIST");
    expect(error.options.children?.map((child) => child.path)).toEqual([
      "member.person.name.title",
      "member.person.dateOfBirth",
      "member.person.preferredPostalAddress.countryCode",
    ]);
  });

  it("checks a phone's country code against the country of residence set by the same request", () => {
    const body = (countryCode: string) =>
      request({
        member: {
          person: {
            preferredPostalAddress: { type: "PERSONAL", addressLines: ["1"], countryCode: "ZA", postCode: "8001" },
            preferredTelecomAddress: { countryCode, number: "821234567", type: "PERSONAL", deviceType: "MOBILE" },
          },
        },
      });
    expect(planMembershipUpdate(empty, body("27")).telecomAddress?.countryCode).toBe("27");
    expect(refusal(() => planMembershipUpdate(empty, body("44"))).errorName).toBe("PHONE_NUMBER_INVALID");
  });

  it("does not check a phone when the country of residence is unknown or has no known code", () => {
    const telecom = {
      member: {
        person: { preferredTelecomAddress: { countryCode: "99", number: "1", type: "PERSONAL", deviceType: "PHONE" } },
      },
    };
    expect(planMembershipUpdate(empty, request(telecom)).telecomAddress?.countryCode).toBe("99");
    expect(
      planMembershipUpdate({ ...empty, countryOfResidence: "JP" }, request(telecom)).telecomAddress?.countryCode,
    ).toBe("99");
  });

  it("never plans otherTelecomAddress", () => {
    const plan = planMembershipUpdate(
      empty,
      request({
        member: { person: { otherTelecomAddress: [{ number: "1", type: "PERSONAL", deviceType: "PHONE" }] } },
      }),
    );
    expect(plan.telecomAddress).toBeUndefined();
  });

  it("refuses text whose ASCII form outgrows its column", () => {
    const error = refusal(() =>
      planMembershipUpdate(empty, request({ member: { person: { name: { title: "ß".repeat(16) } } } })),
    );
    expect(error.errorName).toBe("DATA_INVALID");
    expect(error.options.children?.[0]?.path).toBe("member.person.name.title");
  });
});

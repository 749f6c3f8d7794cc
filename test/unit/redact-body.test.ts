import { describe, expect, it } from "vitest";
import { redactBody, redactedValue } from "@/lib/developers/redact-body";
import { hasRedactions, replayCurl } from "@/lib/developers/replay-curl";

describe("redactBody", () => {
  it("redacts secrets and personal data wherever they sit, and keeps what a developer needs", () => {
    const body = {
      member: {
        name: { firstName: "Alex", familyName: "Example" },
        dateOfBirth: "1980-05-17",
        emailAddress: "alex@example.test",
        telecomAddress: [{ number: "+44 20 7946 0000" }],
        postalAddress: { postCode: "SW1A 1AA", addressLines: ["1 Road"] },
        registeredIdentifier: [{ identifier: "8001015009087", type: "NATIONAL_IDENTITY_CARD" }],
        securityProfile: {
          credentials: { identifier: "demo.member1", password: "Sandbox#2026" },
          securityResponses: [{ questionIdentifier: 1, response: "Rex" }],
        },
      },
      access_token: "eyJ...",
      Refresh_Token: "opaque",
      card: { number: "4242424242424242", cvc: "123" },
      debitTransaction: { identifier: "TX123", description: "QUICKSTART", monetaryAmount: { amount: "1000" } },
    };
    const redacted = redactBody(body) as typeof body;
    const text = JSON.stringify(redacted);
    for (const secret of [
      "Alex",
      "Example",
      "1980-05-17",
      "alex@example.test",
      "7946",
      "SW1A",
      "8001015009087",
      "demo.member1",
      "Sandbox#2026",
      "Rex",
      "eyJ",
      "opaque",
      "4242",
      '"cvc":"123"',
    ])
      expect(text).not.toContain(secret);
    expect(redacted.member.name).toBe(redactedValue);
    expect(redacted.debitTransaction).toEqual(body.debitTransaction);
    expect(redactBody("plain")).toBe("plain");
    expect(redactBody([{ password: "x" }])).toEqual([{ password: redactedValue }]);
  });
});

describe("replayCurl", () => {
  it("replays the logged path with the developer's key and token variables, never a value of the log", () => {
    const curl = replayCurl("http://localhost:3000", {
      method: "POST",
      path: "/api/v1/programmes/NORTHSTAR/accounts/3900000000040001/debit-transaction-requests",
      operation: "debit-currency",
      requestBody: { debitTransaction: { description: "it's" } },
    });
    expect(curl).toContain(
      '"http://localhost:3000/api/v1/programmes/NORTHSTAR/accounts/3900000000040001/debit-transaction-requests?api_key=$API_KEY"',
    );
    expect(curl).toContain('-H "Authorization: Bearer $MEMBER_TOKEN"');
    expect(curl).toContain(`--data '{"debitTransaction":{"description":"it'\\''s"}}'`);
    const list = replayCurl("http://localhost:3000", {
      method: "GET",
      path: "/api/v1/programmes?programme-identifier=NORTHSTAR",
      operation: "retrieve-programme",
    });
    expect(list).toBe(
      'curl -i -X GET "http://localhost:3000/api/v1/programmes?programme-identifier=NORTHSTAR&api_key=$API_KEY"',
    );
    expect(hasRedactions({ a: redactedValue })).toBe(true);
    expect(hasRedactions({ a: "b" })).toBe(false);
  });
});

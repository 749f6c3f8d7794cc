import { describe, expect, it } from "vitest";
import { registerAccount as registrationRoute } from "@/server/loyalty/operations/register-account";
import { retrieveProgrammeList as programmesRoute } from "@/server/loyalty/operations/retrieve-programme";
import * as loginRoute from "@/app/oauth/auth/login/route";
import * as grantRoute from "@/app/oauth/api/grant/route";
import sandbox from "@/sandbox.json";
import { maxProductFeatureSummaries, maxProductSummaries } from "@/lib/contract/ledger-fields";
import { maxFormBodyBytes, maxJsonBodyBytes } from "@/server/loyalty/http/read-body";
import { loginMessages } from "@/server/loyalty/login/login-messages";
import { basicAuthorization } from "@/lib/loyalty-client/token-client";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { creditBody, debitBody, postCredit, postDebit } from "../support/ledger-requests";
import { loginPageDriver } from "../support/login-page-driver";
import { issueMemberToken } from "../support/member-tokens";
import { expectOAuthError } from "../support/oauth-assertions";
import { setupTestDatabase } from "../support/test-database";

/**
 * Every endpoint caps its body before parsing it, answers 413 in its own
 * error shape, and never repeats back input that failed its format check.
 */
const { db } = setupTestDatabase();

const member = "3081000000000001";
const client = sandbox.partners[0]!.oauthClient!;
/** Padding that keeps a JSON body valid: an unknown element. */
const padded = (body: object, bytes: number) => ({ ...body, padding: "x".repeat(bytes) });

describe("partner operations: JSON bodies of at most 64 KiB", () => {
  it("refuses a larger debit with 413 in the wrapped shape, reading no further", async () => {
    const token = await issueMemberToken(db(), member);
    const answer = await postDebit({ account: member, token, body: padded(debitBody(), maxJsonBodyBytes) });
    expectServiceError(answer, { status: 413, code: "REQUEST_INVALID", childCode: "DATA_INVALID", shape: "wrapped" });
    expect(answer.text.length).toBeLessThan(2_000);
  });

  it("refuses a larger credit with 413 in the flat shape", async () => {
    const answer = await postCredit({ account: member, body: padded(creditBody(), maxJsonBodyBytes) });
    expectServiceError(answer, { status: 413, code: "REQUEST_INVALID", childCode: "DATA_INVALID", shape: "flat" });
  });

  it("refuses a registration of a megabyte (P7 used to parse 32 MiB)", async () => {
    const membership = "3081000000000003";
    const answer = await callRoute(registrationRoute, {
      method: "POST",
      url: withKey(`/api/v2/memberships/${membership}/registrations`),
      params: { version: "v2", membershipIdentifier: membership },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ member: { padding: "x".repeat(1024 * 1024) } }),
    });
    expectServiceError(answer, { status: 413, code: "REQUEST_INVALID", childCode: "DATA_INVALID", shape: "wrapped" });
  });

  it("refuses by the declared Content-Length alone", async () => {
    const token = await issueMemberToken(db(), member);
    const answer = await postDebit({
      account: member,
      token,
      body: debitBody(),
      headers: { "Content-Length": String(maxJsonBodyBytes + 1) },
    });
    expectServiceError(answer, { status: 413, code: "REQUEST_INVALID", shape: "wrapped" });
  });

  it("still takes a body just under the cap", async () => {
    const token = await issueMemberToken(db(), member);
    const body = padded(debitBody(), maxJsonBodyBytes - 1_000);
    const answer = await postDebit({ account: member, token, body });
    expect(answer.status, answer.text).toBe(201);
  });
});

describe("contracts cap their open-ended arrays", () => {
  const feature = { code: "SEAT", value: "12A" };
  it(`refuses a debit of more than ${maxProductSummaries} product summaries`, async () => {
    const token = await issueMemberToken(db(), member);
    const productSummary = Array.from({ length: maxProductSummaries + 1 }, (_, index) => ({
      productInstanceIdentifier: `P${index}`,
      productTypeSummary: "FLIGHT",
    }));
    expectServiceError(await postDebit({ account: member, token, body: debitBody({ productSummary }) }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "debitTransaction.productSummary",
      shape: "wrapped",
    });
  });

  it(`refuses a credit product of more than ${maxProductFeatureSummaries} feature summaries`, async () => {
    const productSummary = [
      {
        productInstanceIdentifier: "P1",
        productTypeSummary: "FLIGHT",
        productFeatureSummary: Array.from({ length: maxProductFeatureSummaries + 1 }, () => feature),
      },
    ];
    expectServiceError(await postCredit({ account: member, body: creditBody({ productSummary }) }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "productSummary[0].productFeatureSummary",
      shape: "flat",
    });
  });
});

describe("token services: forms of a few KiB", () => {
  it("A2 answers 413 with an OAuth error body", async () => {
    const answer = await callRoute(grantRoute, {
      method: "POST",
      url: "/oauth/api/grant",
      headers: {
        authorization: basicAuthorization({ clientId: client.clientId, secret: client.password }),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "client_credentials", pad: "x".repeat(maxFormBodyBytes) }).toString(),
    });
    expectOAuthError(answer, 413, "invalid_request");
  });

  it("A1 shows the login page again with a message, 413, and does not repeat the username", async () => {
    const { openForm, messageOf, urlOf } = loginPageDriver(loginRoute, "/oauth/auth/login", {
      client_id: client.clientId,
      response_type: "code",
    });
    const form = await openForm();
    const username = `demo.member1${"x".repeat(8 * 1024)}`;
    const answer = await callRoute(loginRoute, {
      method: "POST",
      url: urlOf({ client_id: client.clientId, response_type: "code" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie },
      body: new URLSearchParams({ csrf: form.token, username, password: sandbox.password }).toString(),
    });
    expect(answer.status).toBe(413);
    expect(messageOf(answer)).toBe(loginMessages.formTooLarge);
    expect(answer.text).not.toContain("demo.member1");
    expect(answer.headers.get("location")).toBeNull();
  });
});

describe("refused input is not repeated back", () => {
  it("does not echo a malformed version segment", async () => {
    const version = "v1<script>alert(1)</script>";
    const answer = await callRoute(programmesRoute, {
      url: withKey(`/api/${encodeURIComponent(version)}/programmes`),
      params: { version },
    });
    expectServiceError(answer, {
      status: 404,
      code: "REQUEST_INVALID",
      childCode: "VERSION_NOT_SUPPORTED",
      shape: "flat",
    });
    expect(answer.text).not.toContain("script");
  });

  it("does not echo the names of unknown elements that are not element names", async () => {
    const odd = "<img src=x onerror=alert(1)>";
    const membership = "3081000000000003";
    const answer = await callRoute(registrationRoute, {
      method: "POST",
      url: withKey(`/api/v2/memberships/${membership}/registrations`),
      params: { version: "v2", membershipIdentifier: membership },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        member: {
          securityProfile: {
            credentials: { identifier: "odd.keys", password: "Secret#2026" },
            securityResponses: [
              { questionIdentifier: "1", response: "Rex" },
              { questionIdentifier: "2", response: "Leeds" },
            ],
          },
          postalAddress: { postCode: "SW1A1AA" },
          [odd]: "1",
          nickname: "JO",
        },
      }),
    });
    const error = expectServiceError(answer, {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "member",
      shape: "wrapped",
    });
    expect(answer.text).not.toContain("onerror");
    expect(error.childError?.[0]?.developerMessage).toBe("contains elements the contract does not have");
  });
});

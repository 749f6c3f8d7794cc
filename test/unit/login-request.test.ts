import { describe, expect, it } from "vitest";
import { z } from "zod";
import { codeRedirect, errorRedirect, redirectUriWith, unauthorised } from "@/server/loyalty/login/login-redirect";
import {
  completeLoginRequest,
  loginOptionsShape,
  matchRedirectUri,
  queryRecord,
  requirePkcePair,
  scopeSchema,
  type LoginRequest,
} from "@/server/loyalty/login/login-request";
import type { OAuthClient } from "@/server/loyalty/oauth/client-tables";
import type { Partner } from "@/server/loyalty/partners/partner-tables";

const registered = "http://localhost:3000/api/auth/callback/loyalty";
const schema = z.object({ ...loginOptionsShape, state: z.string().max(1024).optional() }).superRefine(requirePkcePair);
const trusted: Pick<LoginRequest, "client" | "partner" | "programme" | "redirectUri" | "redirectUriSent"> = {
  client: { id: 1 } as OAuthClient,
  partner: { id: 1, name: "Demo Partner" } as Partner,
  programme: { id: 1, identifier: "NORTHSTAR", name: "Northstar Club" },
  redirectUri: registered,
  redirectUriSent: null,
};
const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

function complete(query: string) {
  return completeLoginRequest(queryRecord(new URL(`http://localhost/x?${query}`)), schema, trusted);
}

describe("queryRecord", () => {
  it("keeps a parameter sent twice as a list", () => {
    expect({ ...queryRecord(new URL("http://localhost/x?a=1&b=2&a=3")) }).toEqual({ a: ["1", "3"], b: "2" });
  });

  it("treats __proto__ as an ordinary parameter", () => {
    const query = queryRecord(new URL("http://localhost/x?__proto__=1&__proto__=2&constructor=c"));
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(query["__proto__"]).toEqual(["1", "2"]);
    expect(complete("response_type=code&__proto__=x&__proto__=y")).toMatchObject({ outcome: "valid" });
  });
});

describe("scopeSchema", () => {
  it("accepts known values, space separated, once each", () => {
    expect(scopeSchema.parse("read reverse_transaction read")).toBe("read reverse_transaction");
  });

  it.each(["", "admin", "read  write", "READ", "read,write", " read"])("refuses %j", (scope) => {
    expect(scopeSchema.safeParse(scope).success).toBe(false);
  });
});

describe("matchRedirectUri", () => {
  const query = (uri?: string) =>
    queryRecord(new URL(`http://localhost/x${uri === undefined ? "" : `?redirect_uri=${encodeURIComponent(uri)}`}`));

  it("takes the only registered URI when none is sent", () => {
    expect(matchRedirectUri(query(), [registered])).toEqual({ redirectUri: registered, redirectUriSent: null });
    expect(matchRedirectUri(query(), [registered, `${registered}2`])).toBeUndefined();
  });

  it.each([
    `${registered}/`,
    `${registered}?x=1`,
    "http://localhost:3001/api/auth/callback/loyalty",
    "http://localhost:3000@evil.test/api/auth/callback/loyalty",
    "http://localhost.evil.test/api/auth/callback/loyalty",
    "http://localhost:3000/API/auth/callback/loyalty",
    "HTTP://localhost:3000/api/auth/callback/loyalty",
    "",
  ])("refuses %j, which is not byte for byte the registered URI", (uri) => {
    expect(matchRedirectUri(query(uri), [registered])).toBeUndefined();
  });

  it("accepts the registered URI exactly", () => {
    expect(matchRedirectUri(query(registered), [registered])).toEqual({
      redirectUri: registered,
      redirectUriSent: registered,
    });
  });
});

describe("completeLoginRequest", () => {
  it("defaults the scope to read and keeps the state", () => {
    const resolution = completeLoginRequest(
      queryRecord(new URL("http://localhost/x?response_type=code&state=s1")),
      schema,
      trusted,
    );
    expect(resolution).toMatchObject({
      outcome: "valid",
      request: { scope: "read", state: "s1", codeChallenge: null, brand: "Demo Partner" },
    });
  });

  it("accepts an S256 challenge", () => {
    expect(complete(`response_type=code&code_challenge=${challenge}&code_challenge_method=S256`)).toMatchObject({
      outcome: "valid",
      request: { codeChallenge: challenge, codeChallengeMethod: "S256" },
    });
  });

  it.each(["token", "CODE", "code token", "id_token"])(
    "answers a response_type of %j with E1's wrong grant type: REQUEST_UNAUTHORIZED, UNSUPPORTED GRANT TYPE",
    (responseType) => {
      // Before any other option: the scope is also wrong here.
      const resolution = complete(`response_type=${encodeURIComponent(responseType)}&scope=admin&state=kept`);
      expect(resolution).toMatchObject({
        outcome: "redirect",
        redirectUri: registered,
        state: "kept",
        error: { error: "REQUEST_UNAUTHORIZED", description: "UNSUPPORTED GRANT TYPE: invalid response type" },
      });
    },
  );

  it.each([
    ["", "INVALID REQUEST: missing response type"],
    ["response_type=", "INVALID REQUEST: missing response type"],
    ["response_type=%20", "INVALID REQUEST: missing response type"],
    ["response_type=code&response_type=code", "INVALID REQUEST: invalid response type"],
    ["response_type=code&scope=admin", "INVALID REQUEST: invalid scope"],
    [
      `response_type=code&code_challenge=${challenge}&code_challenge_method=plain`,
      "INVALID REQUEST: invalid code challenge method",
    ],
    [`response_type=code&code_challenge=${challenge}`, "INVALID REQUEST: missing code challenge method"],
    ["response_type=code&code_challenge_method=S256", "INVALID REQUEST: missing code challenge"],
    ["response_type=code&code_challenge=short&code_challenge_method=S256", "INVALID REQUEST: invalid code challenge"],
    [`response_type=code&state=${"s".repeat(1025)}`, "INVALID REQUEST: invalid state"],
  ])("refuses %j by a redirect with INVALID_REQUEST", (query, description) => {
    const resolution = complete(`${query}&state=kept`.replace(/^&/, ""));
    expect(resolution).toMatchObject({
      outcome: "redirect",
      redirectUri: registered,
      error: { error: "INVALID_REQUEST", description },
    });
    if (resolution.outcome === "redirect") expect(resolution.error.description).toMatch(/^[A-Za-z0-9: ]+$/);
  });
});

describe("redirects", () => {
  it("adds the code and state to the registered URI", () => {
    expect(codeRedirect(registered, "abc", "s1")).toBe(`${registered}?code=abc&state=s1`);
    expect(codeRedirect(registered, "abc", undefined)).toBe(`${registered}?code=abc`);
  });

  it("appends with & to a URI that has a query, without re-encoding it, and drops a fragment", () => {
    expect(redirectUriWith("https://partner.test/cb?a=%20b", { code: "c" })).toBe(
      "https://partner.test/cb?a=%20b&code=c",
    );
    expect(redirectUriWith("https://partner.test/cb?", { code: "c" })).toBe("https://partner.test/cb?code=c");
    expect(redirectUriWith("https://partner.test/cb#frag", { code: "c" })).toBe("https://partner.test/cb?code=c");
  });

  it("encodes an error with a description of letters, digits, colon and space", () => {
    const location = new URL(errorRedirect(registered, unauthorised("account blocked"), "s 1&x"));
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "REQUEST_UNAUTHORIZED",
      error_description: "UNAUTHORIZED: account blocked",
      state: "s 1&x",
    });
  });
});

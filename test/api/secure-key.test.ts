import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as jwksRoute from "@/app/oauth/jwks/route";
import * as secureKeyRoute from "@/app/partner-oauth/secure/key/route";
import sandbox from "@/sandbox.json";
import { installDatabase } from "@/server/loyalty/db/loyalty-database";
import { authorisationCodes } from "@/server/loyalty/oauth/token-tables";
import { verifyAccessToken } from "@/server/loyalty/oauth/access-tokens";
import { findOAuthClient } from "@/server/loyalty/oauth/find-oauth-client";
import { rotateRefreshToken } from "@/server/loyalty/oauth/refresh-tokens";
import { tokenAudience, tokenIssuer } from "@/server/loyalty/oauth/token-lifetimes";
import { sha256Hex } from "@/server/loyalty/security/digests";
import { callRoute, type RouteAnswer } from "../support/call-route";
import { issueLoginCode } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";
import { expectOAuthError } from "../support/oauth-assertions";

const { db, handle } = setupTestDatabase();

const demo = sandbox.partners[0]!;
const further = demo.furtherProgrammes!;
const memberClient = demo.oauthClient!;
const meridianMember = "3081000000000009"; // demo.meridian
const blockedMember = "3081000000000006";

function basic(clientId: string, secret: string): string {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

const defaultHeaders = {
  authorization: basic(further.clientId, further.partnerSecret),
  "business-context-identifier": further.businessContextIdentifier,
  "programme-identifier": "MERIDIAN",
};

interface KeyCall {
  /** Header overrides; null removes a default header. */
  headers?: Record<string, string | null>;
  method?: string;
  body?: string;
}

function secureKey(query: Record<string, string> | string, call: KeyCall = {}): Promise<RouteAnswer> {
  const merged: Record<string, string | null> = { ...defaultHeaders, ...call.headers };
  const headers = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
  return callRoute(secureKeyRoute, {
    method: call.method ?? "POST",
    url: `/partner-oauth/secure/key?${search}`,
    headers,
    body: call.body,
  });
}

async function issueCode(
  options: { membershipNumber?: string; programme?: string; scope?: string | null; codeChallenge?: string } = {},
): Promise<string> {
  return issueLoginCode(db(), {
    ...options,
    membershipNumber: options.membershipNumber ?? meridianMember,
    clientId: further.clientId,
    programme: options.programme ?? "MERIDIAN",
  });
}

const jwtPattern = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const secureKeyTokenSchema = z
  .object({
    access_token: z.string().regex(jwtPattern),
    token_type: z.literal("bearer"),
    refresh_token: z.string().regex(jwtPattern),
    expires_in: z.int().positive(),
    scope: z.enum(["reset_password", "retrieve_username"]).optional(),
    jti: z.string().regex(/^[1-9]\d{19}$/),
    additional_information: z
      .object({
        issue_date: z.iso.date(),
        authentication_status: z.literal("AUTHENTICATED"),
        requesting_application: z.string(),
        membership_number: z.string().regex(/^\d{16,24}$/),
        partner_identifier: z.string().regex(/^[A-Za-z0-9]{8,20}$/),
        programme_identifier: z.string().regex(/^[A-Za-z]+$/),
      })
      .strict(),
  })
  .strict();

async function exchange(
  query: Record<string, string>,
  call: KeyCall = {},
): Promise<z.infer<typeof secureKeyTokenSchema>> {
  const answer = await secureKey({ grant_type: "authorization_code", ...query }, call);
  expect(answer.status, answer.text).toBe(200);
  return secureKeyTokenSchema.parse(answer.json);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("A4 secure key: success", () => {
  it("answers the secure key Token resource for demo.meridian, not cacheable", async () => {
    const answer = await secureKey({ grant_type: "authorization_code", code: await issueCode() });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("pragma")).toBe("no-cache");
    const body = secureKeyTokenSchema.parse(answer.json);
    expect(body).not.toHaveProperty("scope");
    expect(body.expires_in).toBe(1_800);
    expect(body.additional_information).toEqual({
      issue_date: new Date().toISOString().slice(0, 10),
      authentication_status: "AUTHENTICATED",
      requesting_application: further.businessContextIdentifier,
      membership_number: meridianMember,
      partner_identifier: demo.partnerIdentifier,
      programme_identifier: "MERIDIAN",
    });
  });

  it("issues an access JWT with the member claims, additional_information and the numeric jti", async () => {
    const body = await exchange({ code: await issueCode() });
    const check = await verifyAccessToken(db(), body.access_token);
    if (!check.valid) throw new Error(check.reason);
    expect(check.claims).toMatchObject({
      jti: body.jti,
      sub: meridianMember,
      token_use: "member",
      membership_number: meridianMember,
      programme: "MERIDIAN",
      partner: demo.partnerIdentifier,
      client_id: further.clientId,
      scope: "read",
      authn_level: "AUTHN-LEVEL-12",
      additional_information: body.additional_information,
    });
  });

  it("signs both tokens with a key of the public JWKS; the refresh JWT never passes as an access token", async () => {
    const body = await exchange({ code: await issueCode() });
    const jwks = createLocalJWKSet((await callRoute(jwksRoute, { url: "/oauth/jwks" })).json as JSONWebKeySet);
    await jwtVerify(body.access_token, jwks, { issuer: tokenIssuer, audience: tokenAudience });
    const refresh = await jwtVerify(body.refresh_token, jwks, { issuer: tokenIssuer, audience: tokenIssuer });
    expect(refresh.payload).toMatchObject({ token_use: "refresh", sub: meridianMember, client_id: further.clientId });
    expect((await verifyAccessToken(db(), body.refresh_token)).valid).toBe(false);
  });

  it("records the refresh JWT so rotation and family revocation apply to it", async () => {
    const body = await exchange({ code: await issueCode() });
    const client = await findOAuthClient(db(), further.clientId);
    const rotation = await rotateRefreshToken(db(), body.refresh_token, client!.client.id);
    expect(rotation.rotated).toBe(true);
  });

  it("echoes a requested scope granted at login, and puts it in the token", async () => {
    const body = await exchange({ code: await issueCode({ scope: "reset_password" }), scope: "reset_password" });
    expect(body.scope).toBe("reset_password");
    const check = await verifyAccessToken(db(), body.access_token);
    expect(check.valid && check.claims.scope).toBe("reset_password");
  });

  it("accepts a matching client_id, the programme in any case (echoed as sent), and valid X-Forwarded-For", async () => {
    const body = await exchange(
      { code: await issueCode(), client_id: further.clientId },
      {
        headers: {
          "programme-identifier": "meridian",
          "x-forwarded-for": "203.0.113.7, 2001:db8::1",
          accept: "application/json",
        },
      },
    );
    expect(body.additional_information.programme_identifier).toBe("meridian");
  });

  it("serves HORIZON codes with the HORIZON header", async () => {
    const body = await exchange(
      { code: await issueCode({ programme: "HORIZON" }) },
      { headers: { "programme-identifier": "HORIZON" } },
    );
    expect(body.additional_information.programme_identifier).toBe("HORIZON");
  });

  it("checks a PKCE verifier when A3 issued the code with a challenge", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    await exchange({ code: await issueCode({ codeChallenge: challenge }), code_verifier: verifier });
    const answer = await secureKey({
      grant_type: "authorization_code",
      code: await issueCode({ codeChallenge: challenge }),
    });
    expectOAuthError(answer, 400, "invalid_grant");
  });
});

describe("A4 secure key: E3 errors", () => {
  it("400 invalid_request: missing parameters or headers, malformed headers, a body, a repeated parameter", async () => {
    const code = await issueCode();
    expectOAuthError(await secureKey({ code }), 400, "invalid_request");
    expectOAuthError(await secureKey({ grant_type: "authorization_code" }), 400, "invalid_request");
    for (const name of ["business-context-identifier", "programme-identifier"]) {
      const missing = await secureKey({ grant_type: "authorization_code", code }, { headers: { [name]: null } });
      expectOAuthError(missing, 400, "invalid_request");
    }
    const digits = await secureKey(
      { grant_type: "authorization_code", code },
      { headers: { "business-context-identifier": "DEMO1" } },
    );
    expectOAuthError(digits, 400, "invalid_request");
    const primary = await secureKey(
      { grant_type: "authorization_code", code },
      { headers: { "programme-identifier": "NORTHSTAR" } },
    );
    expectOAuthError(primary, 400, "invalid_request");
    const withBody = await secureKey({ grant_type: "authorization_code", code }, { body: `code=${code}` });
    expectOAuthError(withBody, 400, "invalid_request");
    expectOAuthError(
      await secureKey(`grant_type=authorization_code&code=${code}&code=${code}`),
      400,
      "invalid_request",
    );
    const badIp = await secureKey(
      { grant_type: "authorization_code", code },
      { headers: { "x-forwarded-for": "300.1.1.1" } },
    );
    expectOAuthError(badIp, 400, "invalid_request");
    const html = await secureKey({ grant_type: "authorization_code", code }, { headers: { accept: "text/html" } });
    expectOAuthError(html, 400, "invalid_request");
    // None of the refusals above reached the code.
    await exchange({ code });
  });

  it("401 invalid_client: missing or wrong partner secret, or a client_id not of the header", async () => {
    const code = await issueCode();
    expectOAuthError(
      await secureKey({ grant_type: "authorization_code", code }, { headers: { authorization: null } }),
      401,
      "invalid_client",
    );
    const wrongSecret = await secureKey(
      { grant_type: "authorization_code", code },
      { headers: { authorization: basic(further.clientId, "not-the-secret") } },
    );
    expectOAuthError(wrongSecret, 401, "invalid_client");
    const otherId = await secureKey({ grant_type: "authorization_code", code, client_id: "DEMO10002" });
    expectOAuthError(otherId, 401, "invalid_client");
  });

  it("401 unauthorized: a business-context identifier not the client's, or the member-login client", async () => {
    const code = await issueCode();
    const context = await secureKey(
      { grant_type: "authorization_code", code },
      { headers: { "business-context-identifier": "OTHERPARTNER" } },
    );
    expectOAuthError(context, 401, "unauthorized");
    const memberLogin = await secureKey(
      { grant_type: "authorization_code", code },
      { headers: { authorization: basic(memberClient.clientId, memberClient.password) } },
    );
    expectOAuthError(memberLogin, 401, "unauthorized");
  });

  it("401 access_denied: the member's account can no longer be used", async () => {
    const answer = await secureKey({
      grant_type: "authorization_code",
      code: await issueCode({ membershipNumber: blockedMember }),
    });
    expectOAuthError(answer, 401, "access_denied");
  });

  it("400 invalid_scope: a value other than reset_password or retrieve_username, or one not granted at login", async () => {
    const unknown = await secureKey({ grant_type: "authorization_code", code: await issueCode(), scope: "read" });
    expect(expectOAuthError(unknown, 400, "invalid_scope").scope).toBe("read");
    const both = await secureKey({
      grant_type: "authorization_code",
      code: await issueCode(),
      scope: "reset_password retrieve_username",
    });
    expectOAuthError(both, 400, "invalid_scope");
    const notGranted = await secureKey({
      grant_type: "authorization_code",
      code: await issueCode(),
      scope: "retrieve_username",
    });
    expect(expectOAuthError(notGranted, 400, "invalid_scope").scope).toBe("retrieve_username");
  });

  it("400 unsupported_grant_type: any grant_type but authorization_code", async () => {
    for (const grantType of ["client_credentials", "refresh_token", "password", "AUTHORIZATION_CODE"]) {
      const answer = await secureKey({ grant_type: grantType, code: await issueCode() });
      expectOAuthError(answer, 400, "unsupported_grant_type");
    }
  });

  it("400 invalid_grant: a reused code, and the reuse revokes the first tokens", async () => {
    const code = await issueCode();
    const first = await exchange({ code });
    const reuse = expectOAuthError(await secureKey({ grant_type: "authorization_code", code }), 400, "invalid_grant");
    expect(reuse.error_description).toBe("authorisation code already used");
    expect(await verifyAccessToken(db(), first.access_token)).toEqual({ valid: false, reason: "revoked" });
  });

  it("400 invalid_grant: a code of another programme, unknown, malformed or expired", async () => {
    const horizon = await secureKey(
      { grant_type: "authorization_code", code: await issueCode() },
      { headers: { "programme-identifier": "HORIZON" } },
    );
    expect(expectOAuthError(horizon, 400, "invalid_grant").error_description).toBe(
      "authorisation code issued for another programme",
    );
    expectOAuthError(
      await secureKey({ grant_type: "authorization_code", code: randomBytes(32).toString("hex") }),
      400,
      "invalid_grant",
    );
    expectOAuthError(await secureKey({ grant_type: "authorization_code", code: "abc" }), 400, "invalid_grant");

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T10:00:00Z"));
    const code = await issueCode();
    vi.setSystemTime(new Date("2026-11-20T10:02:01Z"));
    expect(
      expectOAuthError(await secureKey({ grant_type: "authorization_code", code }), 400, "invalid_grant")
        .error_description,
    ).toBe("authorisation code expired");
  });

  it("400 invalid_grant at A2 for an A4 code leaves the code to its own client", async () => {
    const code = await issueCode();
    const atGrant = await callRoute(grantRoute, {
      method: "POST",
      url: "/oauth/api/grant",
      headers: {
        authorization: basic(memberClient.clientId, memberClient.password),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `grant_type=authorization_code&code=${code}`,
    });
    expectOAuthError(atGrant, 400, "invalid_grant");
    await exchange({ code });
  });

  it("405 method_not_allowed with Allow: POST to other methods", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const answer = await secureKey({ grant_type: "authorization_code", code: await issueCode() }, { method });
      expectOAuthError(answer, 405, "method_not_allowed");
      expect(answer.headers.get("allow")).toBe("POST");
    }
  });

  it("500 server_error without internals on an unexpected failure", async () => {
    const failing = new Proxy(handle().db, {
      get(target, property, receiver) {
        if (property === "transaction") return () => Promise.reject(new Error("relation secret_internal_table"));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    installDatabase({ ...handle(), db: failing });
    try {
      const answer = await secureKey({ grant_type: "authorization_code", code: await issueCode() });
      expectOAuthError(answer, 500, "server_error");
      expect(answer.text).not.toContain("secret_internal_table");
    } finally {
      installDatabase(handle());
    }
  });

  it("500 temporarily_unavailable when the database cannot be opened", async () => {
    const code = await issueCode();
    const unavailable = Object.defineProperty({ ...handle() }, "db", {
      get() {
        throw new Error("connection refused");
      },
    });
    installDatabase(unavailable);
    try {
      expectOAuthError(await secureKey({ grant_type: "authorization_code", code }), 500, "temporarily_unavailable");
    } finally {
      installDatabase(handle());
    }
    const [record] = await db()
      .select()
      .from(authorisationCodes)
      .where(eq(authorisationCodes.codeHash, sha256Hex(code)));
    expect(record?.consumedAt).toBeNull();
  });
});

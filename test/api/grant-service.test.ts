import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as jwksRoute from "@/app/oauth/jwks/route";
import sandbox from "@/sandbox.json";
import type { Database } from "@/server/db/connect";
import { installDatabase } from "@/server/loyalty/db/loyalty-database";
import { authorisationCodes, tokens } from "@/server/loyalty/oauth/token-tables";
import { verifyAccessToken } from "@/server/loyalty/oauth/access-tokens";
import { refreshFamilySeconds, tokenAudience, tokenIssuer } from "@/server/loyalty/oauth/token-lifetimes";
import { sha256Hex } from "@/server/loyalty/security/digests";
import { logger } from "@/server/observability/logger";
import { callRoute, type RouteAnswer } from "../support/call-route";
import { issueLoginCode } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";
import { expectOAuthError } from "../support/oauth-assertions";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

const { db, handle } = setupTestDatabase();

const demo = sandbox.partners[0]!;
const memberClient = demo.oauthClient!;
const furtherClient = demo.furtherProgrammes!;
const registeredRedirectUri = memberClient.redirectUris[0]!;
const member = sandbox.members[0]!; // 3081000000000001, NORTHSTAR, ACTIVE
const blockedMember = "3081000000000006";

/** RFC 6749 §2.3.1: each part form-urlencoded, then joined and base64-encoded. */
function basic(clientId: string, secret: string): string {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}
const demoAuthorization = basic(memberClient.clientId, memberClient.password);

interface GrantCall {
  authorization?: string | null;
  contentType?: string | null;
  method?: string;
}

function grant(form: Record<string, string> | string, call: GrantCall = {}): Promise<RouteAnswer> {
  const headers: Record<string, string> = {};
  const authorization = call.authorization === undefined ? demoAuthorization : call.authorization;
  if (authorization !== null) headers.authorization = authorization;
  const contentType = call.contentType === undefined ? "application/x-www-form-urlencoded" : call.contentType;
  if (contentType !== null) headers["content-type"] = contentType;
  const method = call.method ?? "POST";
  const body = typeof form === "string" ? form : new URLSearchParams(form).toString();
  return callRoute(grantRoute, { method, url: "/oauth/api/grant", headers, body: method === "GET" ? undefined : body });
}

interface CodeOptions {
  membershipNumber?: string;
  clientId?: string;
  redirectUri?: string | null;
  scope?: string | null;
  codeChallenge?: string | null;
}

async function issueCode(options: CodeOptions = {}): Promise<string> {
  return issueLoginCode(db(), {
    ...options,
    membershipNumber: options.membershipNumber ?? member.membershipNumber,
    clientId: options.clientId ?? memberClient.clientId,
  });
}

const codeTokenSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().regex(/^[0-9a-f]{64}$/),
    scope: z.literal("AUTHN-LEVEL-12"),
    token_type: z.literal("bearer"),
    expires_in: z.int().positive(),
    svc_refresh_expires_in: z.int().positive(),
  })
  .strict();
const refreshedTokenSchema = codeTokenSchema.omit({ svc_refresh_expires_in: true }).strict();
const clientTokenSchema = z
  .object({
    access_token: z.string().min(1),
    scope: z.literal("AUTHN-LEVEL-10"),
    token_type: z.literal("bearer"),
    expires_in: z.int().positive(),
  })
  .strict();

async function exchange(code: string, extra: Record<string, string> = {}): Promise<z.infer<typeof codeTokenSchema>> {
  const answer = await grant({ grant_type: "authorization_code", code, ...extra });
  expect(answer.status, answer.text).toBe(200);
  return codeTokenSchema.parse(answer.json);
}

async function claimsOf(accessToken: string) {
  const check = await verifyAccessToken(db(), accessToken);
  if (!check.valid) throw new Error(`token not valid: ${check.reason}`);
  return check.claims;
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("A2 authorization_code grant", () => {
  it("answers exactly the Token resource, not cacheable, with a verifiable member JWT", async () => {
    const answer = await grant({ grant_type: "authorization_code", code: await issueCode() });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("pragma")).toBe("no-cache");
    const body = codeTokenSchema.parse(answer.json);
    expect(body.expires_in).toBe(1_800);
    expect(body.svc_refresh_expires_in).toBe(refreshFamilySeconds);

    const claims = await claimsOf(body.access_token);
    expect(claims).toMatchObject({
      token_use: "member",
      sub: member.membershipNumber,
      membership_number: member.membershipNumber,
      programme: "NORTHSTAR",
      client_id: memberClient.clientId,
      partner: demo.partnerIdentifier,
      scope: "read",
      authn_level: "AUTHN-LEVEL-12",
    });
  });

  it("gives tokens that the public JWKS verifies, and publishes no private key material", async () => {
    const body = await exchange(await issueCode());
    const jwksAnswer = await callRoute(jwksRoute, { url: "/oauth/jwks" });
    expect(jwksAnswer.status).toBe(200);
    const jwks = jwksAnswer.json as JSONWebKeySet;
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(Object.keys(key).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x", "y"]);
    }
    const { payload, protectedHeader } = await jwtVerify(body.access_token, createLocalJWKSet(jwks), {
      issuer: tokenIssuer,
      audience: tokenAudience,
    });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload.membership_number).toBe(member.membershipNumber);
  });

  it("carries the login's OAuth scopes in the token, and the authentication level in `scope`", async () => {
    const body = await exchange(await issueCode({ scope: "read reverse_transaction" }));
    expect(body.scope).toBe("AUTHN-LEVEL-12");
    expect((await claimsOf(body.access_token)).scope).toBe("read reverse_transaction");
  });

  it("puts every token of one exchange in one family bound to the code", async () => {
    const code = await issueCode();
    const body = await exchange(code);
    const rows = await db()
      .select()
      .from(tokens)
      .where(eq(tokens.authorisationCodeHash, sha256Hex(code)));
    expect(rows.map((row) => row.kind).sort()).toEqual(["access", "refresh"]);
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    const refresh = rows.find((row) => row.kind === "refresh");
    expect(refresh?.tokenHash).toBe(sha256Hex(body.refresh_token));
  });

  it("refuses a code replay and revokes what the first exchange issued", async () => {
    const code = await issueCode();
    const first = await exchange(code);
    const replay = expectOAuthError(await grant({ grant_type: "authorization_code", code }), 400, "invalid_grant");
    expect(replay.error_description).toBe("authorisation code already used");

    expect(await verifyAccessToken(db(), first.access_token)).toEqual({ valid: false, reason: "revoked" });
    expectOAuthError(
      await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token }),
      400,
      "invalid_grant",
    );
  });

  it("refuses a code after 120 seconds and accepts it just before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-20T10:00:00Z");
    vi.setSystemTime(start);
    const late = await issueCode();
    const inTime = await issueCode();
    vi.setSystemTime(start.getTime() + 119_000);
    await exchange(inTime);
    vi.setSystemTime(start.getTime() + 121_000);
    const body = expectOAuthError(await grant({ grant_type: "authorization_code", code: late }), 400, "invalid_grant");
    expect(body.error_description).toBe("authorisation code expired");
  });

  it("refuses unknown, malformed and missing codes", async () => {
    expectOAuthError(
      await grant({ grant_type: "authorization_code", code: randomBytes(32).toString("hex") }),
      400,
      "invalid_grant",
    );
    expectOAuthError(await grant({ grant_type: "authorization_code", code: "ABC123" }), 400, "invalid_grant");
    const upper = (await issueCode()).toUpperCase();
    expectOAuthError(await grant({ grant_type: "authorization_code", code: upper }), 400, "invalid_grant");
    expectOAuthError(await grant({ grant_type: "authorization_code" }), 400, "invalid_request");
    expectOAuthError(await grant({ grant_type: "authorization_code", code: "" }), 400, "invalid_request");
  });

  it("refuses another client's code without spending it", async () => {
    const code = await issueCode({ clientId: furtherClient.clientId, membershipNumber: "3081000000000009" });
    const body = expectOAuthError(await grant({ grant_type: "authorization_code", code }), 400, "invalid_grant");
    expect(body.error_description).toBe("authorisation code unknown");
    const [record] = await db()
      .select()
      .from(authorisationCodes)
      .where(eq(authorisationCodes.codeHash, sha256Hex(code)));
    expect(record?.consumedAt).toBeNull();
  });

  it("refuses the code of a member whose account can no longer be used", async () => {
    const code = await issueCode({ membershipNumber: blockedMember });
    expectOAuthError(await grant({ grant_type: "authorization_code", code }), 400, "invalid_grant");
  });

  describe("redirect_uri (RFC 6749 §4.1.3)", () => {
    const issuedFor = registeredRedirectUri;

    it("requires the exact URI the code was issued for", async () => {
      await exchange(await issueCode({ redirectUri: issuedFor }), { redirect_uri: issuedFor });
      const missing = await grant({
        grant_type: "authorization_code",
        code: await issueCode({ redirectUri: issuedFor }),
      });
      expectOAuthError(missing, 400, "invalid_grant");
      const other = await grant({
        grant_type: "authorization_code",
        code: await issueCode({ redirectUri: issuedFor }),
        redirect_uri: `${issuedFor}/`,
      });
      expectOAuthError(other, 400, "invalid_grant");
    });

    it("accepts no URI or a registered one for a code issued without one", async () => {
      await exchange(await issueCode());
      await exchange(await issueCode(), { redirect_uri: issuedFor });
      const unregistered = await grant({
        grant_type: "authorization_code",
        code: await issueCode(),
        redirect_uri: "https://attacker.example/callback",
      });
      expectOAuthError(unregistered, 400, "invalid_grant");
    });

    it("spends the code when the URI is wrong: a code gets one attempt", async () => {
      const code = await issueCode({ redirectUri: issuedFor });
      expectOAuthError(
        await grant({ grant_type: "authorization_code", code, redirect_uri: "http://x.example" }),
        400,
        "invalid_grant",
      );
      expectOAuthError(
        await grant({ grant_type: "authorization_code", code, redirect_uri: issuedFor }),
        400,
        "invalid_grant",
      );
    });
  });

  describe("PKCE (RFC 7636, S256)", () => {
    it("accepts the right verifier", async () => {
      const { verifier, challenge } = pkcePair();
      await exchange(await issueCode({ codeChallenge: challenge }), { code_verifier: verifier });
    });

    it("refuses a wrong or missing verifier", async () => {
      const { challenge } = pkcePair();
      const wrong = await grant({
        grant_type: "authorization_code",
        code: await issueCode({ codeChallenge: challenge }),
        code_verifier: pkcePair().verifier,
      });
      expect(expectOAuthError(wrong, 400, "invalid_grant").error_description).toBe("code verifier does not match");
      const missing = await grant({
        grant_type: "authorization_code",
        code: await issueCode({ codeChallenge: challenge }),
      });
      expect(expectOAuthError(missing, 400, "invalid_grant").error_description).toBe(
        "code verifier required for this code",
      );
    });

    it("refuses a verifier sent for a code issued without a challenge", async () => {
      const answer = await grant({
        grant_type: "authorization_code",
        code: await issueCode(),
        code_verifier: pkcePair().verifier,
      });
      expectOAuthError(answer, 400, "invalid_grant");
    });

    it("refuses a malformed verifier before touching the code", async () => {
      const { verifier, challenge } = pkcePair();
      const code = await issueCode({ codeChallenge: challenge });
      expectOAuthError(
        await grant({ grant_type: "authorization_code", code, code_verifier: "short" }),
        400,
        "invalid_request",
      );
      await exchange(code, { code_verifier: verifier });
    });
  });
});

describe("A2 refresh_token grant", () => {
  it("rotates: a new refresh token each time, same member, same family end", async () => {
    const first = await exchange(await issueCode());
    const answer = await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const second = refreshedTokenSchema.parse(answer.json);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await claimsOf(second.access_token)).membership_number).toBe(member.membershipNumber);

    const rows = await db()
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, sha256Hex(first.refresh_token)));
    const [rotated] = await db()
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, sha256Hex(second.refresh_token)));
    expect(rotated?.familyId).toBe(rows[0]?.familyId);
    expect(rotated?.expiresAt.getTime()).toBe(rows[0]?.expiresAt.getTime());
  });

  it("revokes the whole family when a rotated token comes back", async () => {
    const first = await exchange(await issueCode());
    const second = refreshedTokenSchema.parse(
      (await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token })).json,
    );
    const third = refreshedTokenSchema.parse(
      (await grant({ grant_type: "refresh_token", refresh_token: second.refresh_token })).json,
    );

    const replay = await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(expectOAuthError(replay, 400, "invalid_grant").error_description).toBe("refresh token already used");
    expectOAuthError(
      await grant({ grant_type: "refresh_token", refresh_token: third.refresh_token }),
      400,
      "invalid_grant",
    );
    expect(await verifyAccessToken(db(), third.access_token)).toEqual({ valid: false, reason: "revoked" });
  });

  it("allows a narrower scope for the access token and keeps the grant's scope on the refresh token", async () => {
    const first = await exchange(await issueCode({ scope: "read reverse_transaction" }));
    const narrowed = refreshedTokenSchema.parse(
      (await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "read" })).json,
    );
    expect((await claimsOf(narrowed.access_token)).scope).toBe("read");
    const again = refreshedTokenSchema.parse(
      (await grant({ grant_type: "refresh_token", refresh_token: narrowed.refresh_token })).json,
    );
    expect((await claimsOf(again.access_token)).scope).toBe("read reverse_transaction");
  });

  it("refuses a wider or unknown scope with invalid_scope and leaves the token usable", async () => {
    const first = await exchange(await issueCode());
    const wider = await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "read write" });
    expect(expectOAuthError(wider, 400, "invalid_scope").scope).toBe("write");
    const unknown = await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "admin" });
    expect(expectOAuthError(unknown, 400, "invalid_scope").scope).toBe("admin");
    const answer = await grant({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(answer.status, answer.text).toBe(200);
  });

  it("refuses unknown, malformed and missing refresh tokens", async () => {
    expectOAuthError(
      await grant({ grant_type: "refresh_token", refresh_token: randomBytes(32).toString("hex") }),
      400,
      "invalid_grant",
    );
    expectOAuthError(await grant({ grant_type: "refresh_token", refresh_token: "not-a-token" }), 400, "invalid_grant");
    expectOAuthError(await grant({ grant_type: "refresh_token" }), 400, "invalid_request");
  });
});

describe("A2 client_credentials grant", () => {
  it("issues a partner token: no refresh token, AUTHN-LEVEL-10, default scope read", async () => {
    const answer = await grant({ grant_type: "client_credentials" });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const body = clientTokenSchema.parse(answer.json);
    const claims = await claimsOf(body.access_token);
    expect(claims).toMatchObject({
      token_use: "client",
      sub: memberClient.clientId,
      client_id: memberClient.clientId,
      partner: demo.partnerIdentifier,
      scope: "read",
      authn_level: "AUTHN-LEVEL-10",
    });
    expect(claims).not.toHaveProperty("membership_number");
  });

  it("grants a requested scope from the allowed list", async () => {
    const body = clientTokenSchema.parse(
      (await grant({ grant_type: "client_credentials", scope: "read retrieve_account" })).json,
    );
    expect((await claimsOf(body.access_token)).scope).toBe("read retrieve_account");
  });

  it("refuses a scope outside the list, or a malformed one, echoing it", async () => {
    const unknown = await grant({ grant_type: "client_credentials", scope: "read fly" });
    expect(expectOAuthError(unknown, 400, "invalid_scope").scope).toBe("fly");
    const malformed = await grant({ grant_type: "client_credentials", scope: "read  write" });
    expect(expectOAuthError(malformed, 400, "invalid_scope").scope).toBe("read  write");
  });

  it("names a refused scope back only when it is plain text", async () => {
    for (const scope of ["read <script>alert(1)</script>", "read\u0000x", `read ${"x".repeat(300)}`]) {
      const answer = await grant({ grant_type: "client_credentials", scope });
      expect(expectOAuthError(answer, 400, "invalid_scope")).not.toHaveProperty("scope");
      expect(answer.text).not.toContain("alert");
    }
  });
});

describe("A2 client authentication (E2: 401 REQUEST_UNAUTHORIZED / UNAUTHORIZED)", () => {
  it("answers 401 invalid_client with a Basic challenge for missing, blank or malformed credentials", async () => {
    for (const authorization of [
      null,
      "",
      "Basic",
      "Basic ",
      "Basic Og==",
      "Bearer abc",
      "Basic !!!",
      basic(memberClient.clientId, " "),
    ]) {
      expectOAuthError(await grant({ grant_type: "client_credentials" }, { authorization }), 401, "invalid_client");
    }
  });

  it("answers 401 invalid_client for a wrong secret or an unknown client", async () => {
    expectOAuthError(
      await grant(
        { grant_type: "client_credentials" },
        { authorization: basic(memberClient.clientId, "wrong-secret") },
      ),
      401,
      "invalid_client",
    );
    expectOAuthError(
      await grant({ grant_type: "client_credentials" }, { authorization: basic("DEMO-99999", memberClient.password) }),
      401,
      "invalid_client",
    );
  });

  it("accepts the scheme in any case", async () => {
    const authorization = demoAuthorization.replace("Basic", "bAsIc");
    expect((await grant({ grant_type: "client_credentials" }, { authorization })).status).toBe(200);
  });

  it("refuses the further programmes' client at the grant service (400 unauthorized_client)", async () => {
    const authorization = basic(furtherClient.clientId, furtherClient.partnerSecret);
    expectOAuthError(await grant({ grant_type: "client_credentials" }, { authorization }), 400, "unauthorized_client");
  });

  it("checks a client_id parameter against the header, and refuses a client_secret parameter", async () => {
    expect((await grant({ grant_type: "client_credentials", client_id: memberClient.clientId })).status).toBe(200);
    expectOAuthError(await grant({ grant_type: "client_credentials", client_id: "DEMO-10002" }), 401, "invalid_client");
    const secretInBody = await grant({ grant_type: "client_credentials", client_secret: memberClient.password });
    expectOAuthError(secretInBody, 400, "invalid_request");
  });
});

describe("A2 request checks (E2: 400 INVALID_REQUEST, 405 METHOD_NOT_ALLOWED)", () => {
  it("requires application/x-www-form-urlencoded, parameters allowed", async () => {
    const json = await grant(JSON.stringify({ grant_type: "client_credentials" }), { contentType: "application/json" });
    expectOAuthError(json, 400, "invalid_request");
    expectOAuthError(await grant("grant_type=client_credentials", { contentType: null }), 400, "invalid_request");
    const withCharset = await grant("grant_type=client_credentials", {
      contentType: "Application/X-WWW-Form-Urlencoded; charset=UTF-8",
    });
    expect(withCharset.status).toBe(200);
  });

  it("answers 405 method_not_allowed with Allow: POST to other methods", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const answer = await grant({ grant_type: "client_credentials" }, { method });
      expectOAuthError(answer, 405, "method_not_allowed");
      expect(answer.headers.get("allow")).toBe("POST");
    }
  });

  it("refuses a parameter sent twice", async () => {
    const answer = await grant("grant_type=client_credentials&grant_type=client_credentials");
    expectOAuthError(answer, 400, "invalid_request");
    const code = await issueCode();
    expectOAuthError(await grant(`grant_type=authorization_code&code=${code}&code=${code}`), 400, "invalid_request");
  });

  it("requires grant_type (invalid_request) and refuses unknown ones (unsupported_grant_type)", async () => {
    expect(expectOAuthError(await grant({}), 400, "invalid_request").error_description).toBe("grant type missing");
    expectOAuthError(await grant({ grant_type: "" }), 400, "invalid_request");
    expectOAuthError(
      await grant({ grant_type: "password", username: "x", password: "y" }),
      400,
      "unsupported_grant_type",
    );
    expectOAuthError(await grant({ grant_type: "constructor" }), 400, "unsupported_grant_type");
  });

  it("ignores unknown parameters", async () => {
    expect((await grant({ grant_type: "client_credentials", colour: "blue" })).status).toBe(200);
  });
});

describe("A2 unexpected failures (500 server_error)", () => {
  it("answers server_error without internals and logs the cause", async () => {
    const internals = "relation secret_internal_table at /srv/loyalty/db.ts:42";
    const failing = new Proxy(handle().db, {
      get(target, property, receiver) {
        if (property === "transaction") {
          return () => Promise.reject(new Error(internals));
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    const error = vi.spyOn(logger, "error");
    installDatabase({ ...handle(), db: failing });
    try {
      const answer = await grant({ grant_type: "authorization_code", code: await issueCode() });
      const body = expectOAuthError(answer, 500, "server_error");
      expect(body.error_description).toBe("unexpected condition");
      expect(answer.text).not.toContain("secret_internal_table");
      const requestId = answer.headers.get("x-request-id");
      const logged = error.mock.calls.find((call) => (call[0] as { requestId?: string }).requestId === requestId);
      expect(String((logged?.[0] as { err?: Error }).err?.message)).toContain("secret_internal_table");
    } finally {
      installDatabase(handle());
    }
  });

  it("answers server_error when the database cannot be opened", async () => {
    const unavailable = Object.defineProperty({ ...handle() }, "db", {
      get() {
        throw new Error("connection refused");
      },
    });
    installDatabase(unavailable);
    try {
      expectOAuthError(await grant({ grant_type: "client_credentials" }), 500, "server_error");
    } finally {
      installDatabase(handle());
    }
  });
});

describe("A2 concurrency", () => {
  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "answers exactly one of 10 concurrent exchanges of one code, and the replays revoke its tokens",
    ),
    async () => {
      const code = await issueCode();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => grant({ grant_type: "authorization_code", code })),
      );
      const successes = answers.filter((answer) => answer.status === 200);
      expect(successes).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
        expectOAuthError(answer, 400, "invalid_grant");
      }
      const winner = codeTokenSchema.parse(successes[0]!.json);
      expect(await verifyAccessToken(db(), winner.access_token)).toEqual({ valid: false, reason: "revoked" });
    },
  );

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "rotates a refresh token once under 10 concurrent refreshes, and the replays revoke the family",
    ),
    async () => {
      const first = await exchange(await issueCode());
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => grant({ grant_type: "refresh_token", refresh_token: first.refresh_token })),
      );
      const successes = answers.filter((answer) => answer.status === 200);
      expect(successes).toHaveLength(1);
      const winner = refreshedTokenSchema.parse(successes[0]!.json);
      expectOAuthError(
        await grant({ grant_type: "refresh_token", refresh_token: winner.refresh_token }),
        400,
        "invalid_grant",
      );
    },
  );
});

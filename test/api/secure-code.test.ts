import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { getByLabelText, getByRole } from "@testing-library/dom";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as memberLoginRoute from "@/app/oauth/auth/login/route";
import * as route from "@/app/partner-oauth/secure/code/route";
import sandbox from "@/sandbox.json";
import { membershipProgrammes } from "@/server/loyalty/members/member-tables";
import { authorisationCodes } from "@/server/loyalty/oauth/token-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { findMemberByUsername } from "@/server/loyalty/members/find-member";
import { findProgramme } from "@/server/loyalty/programmes/find-programme";
import { loginMessages, loginPages } from "@/server/loyalty/login/login-messages";
import { loginThrottlePolicy } from "@/server/loyalty/login/login-throttle";
import { callRoute, type RouteAnswer } from "../support/call-route";
import { loginPageDriver } from "../support/login-page-driver";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (markup: string) => { window: { document: Document } };
};

const further = sandbox.partners[0]!.furtherProgrammes!;
const meridianUri = further.redirectUris.MERIDIAN;
const horizonUri = further.redirectUris.HORIZON;
const password = sandbox.password;
const path = "/partner-oauth/secure/code";
type Query = Record<string, string | undefined>;
const base: Query = {
  response_type: "code",
  client_id: further.clientId,
  "programme-identifier": "MERIDIAN",
  "business-context-identifier": further.businessContextIdentifier,
  state: "abc123",
};
const { get, openForm, submit, messageOf, locationOf } = loginPageDriver(route, path, base);
const horizon: Query = { ...base, "programme-identifier": "HORIZON" };

function urlOf(query: Query, at = path): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, value);
  return `${at}?${search.toString()}`;
}

function expectRedirectTo(answer: RouteAnswer, uri: string, expected: Record<string, string>): void {
  const location = locationOf(answer);
  expect(`${location.origin}${location.pathname}`).toBe(uri);
  expect(Object.fromEntries(location.searchParams)).toEqual(expected);
}

function expectProblemPage(answer: RouteAnswer, page: { title: string; text: string }): void {
  expect(answer.status).toBe(400);
  expect(answer.headers.get("location")).toBeNull();
  expect(answer.text).toContain(page.text);
  expect(answer.text).not.toContain("<form");
}

async function codeRow(code: string) {
  const [row] = await db()
    .select({ code: authorisationCodes, programme: programmes.identifier })
    .from(authorisationCodes)
    .innerJoin(programmes, eq(programmes.id, authorisationCodes.programmeId))
    .where(eq(authorisationCodes.codeHash, createHash("sha256").update(code).digest("hex")));
  return row;
}

/** Associates a sandbox member with a further programme, as Join Programme would. */
async function associate(username: string, programme: string): Promise<void> {
  const member = await findMemberByUsername(db(), username);
  const found = await findProgramme(db(), programme);
  await db()
    .insert(membershipProgrammes)
    .values({ memberId: member!.member.id, programmeId: found!.id })
    .onConflictDoNothing();
}

afterEach(() => {
  vi.useRealTimers();
});

describe("A3 secure code: the page", () => {
  it("renders the Meridian Plus login form on GET", async () => {
    const answer = await get();
    expect(answer.status).toBe(200);
    const document = new JSDOM(answer.text).window.document;
    expect(getByRole(document.body, "heading", { level: 1 }).textContent).toBe("Log in to Meridian Plus");
    expect(getByLabelText(document.body, "Username").getAttribute("type")).toBe("text");
    expect(getByLabelText(document.body, "Password").getAttribute("type")).toBe("password");
    expect(getByRole(document.body, "button", { name: "Log in" })).toBeTruthy();
    expect(document.querySelector("form")?.getAttribute("action")).toBe(urlOf(base));
    expect(document.querySelector(".brand")?.textContent).toBe("Demo Partner");
    expect(
      answer.headers.getSetCookie().some((cookie) => cookie.includes(`Path=${path};`) && cookie.includes("HttpOnly")),
    ).toBe(true);
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(answer.headers.get("content-security-policy")).toContain("form-action 'self' http://localhost:3000;");
  });

  it("shows the brand a request names, and Horizon Club for HORIZON", async () => {
    const answer = await get({ ...horizon, brandName: "Acme" });
    const document = new JSDOM(answer.text).window.document;
    expect(document.querySelector(".brand")?.textContent).toBe("Acme");
    expect(document.querySelector("h1")?.textContent).toBe("Log in to Horizon Club");
  });

  it.each([
    ["no body", {}],
    ["an empty form", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" }],
    ["a JSON body", { headers: { "content-type": "application/json" }, body: '{"username":"demo.meridian"}' }],
    ["unrelated form fields", { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "brand=1" }],
  ])("shows the page for the spec's POST with %s", async (_name, call) => {
    const answer = await callRoute(route, { method: "POST", url: urlOf(base), ...call });
    expect(answer.status).toBe(200);
    expect(messageOf(answer)).toBeUndefined();
    expect(answer.text).toContain('<button type="submit">Log in</button>');
  });

  it("accepts the programme identifier in any case", async () => {
    expect((await get({ ...base, "programme-identifier": "meridian" })).status).toBe(200);
  });
});

describe("A3 secure code: client, business context, programme and redirect URI, refused on a page", () => {
  it.each([
    ["the member-login client", { client_id: "DEMO-10001" }],
    ["an unknown client", { client_id: "DEMO10002" }],
    ["a lower-case client", { client_id: "demo10001" }],
    ["no client", { client_id: undefined }],
    ["a wrong business context", { "business-context-identifier": "OTHERPARTNER" }],
    ["a lower-case business context", { "business-context-identifier": "demopartner" }],
    ["a malformed business context", { "business-context-identifier": "DEMO-PARTNER" }],
    ["no business context", { "business-context-identifier": undefined }],
  ])("shows the invalid-client page for %s", async (_name, change) => {
    expectProblemPage(await get({ ...base, ...change }), loginPages.invalidClient);
  });

  it.each([
    ["an unknown programme", "FOOBAR"],
    ["the primary programme", "NORTHSTAR"],
    ["a programme the partner is not registered with", "TRADEWIND"],
    ["a malformed identifier", "MERIDIAN1"],
    ["an identifier longer than 20", "M".repeat(21)],
    ["no programme", undefined],
  ])("shows the invalid-programme page for %s", async (_name, programme) => {
    expectProblemPage(await get({ ...base, "programme-identifier": programme }), loginPages.invalidProgramme);
  });

  it.each([
    ["the other programme's URI", horizonUri],
    ["a trailing slash", `${meridianUri}/`],
    ["an extra query", `${meridianUri}?x=1`],
    ["another host", "http://partner.evil.test/api/auth/callback/meridian"],
    ["userinfo", "http://localhost:3000@evil.test/api/auth/callback/meridian"],
    ["a look-alike host", "http://localhost.evil.test/api/auth/callback/meridian"],
    ["another port", "http://localhost:3001/api/auth/callback/meridian"],
    ["an upper-case path", "http://localhost:3000/api/auth/callback/MERIDIAN"],
  ])("shows the security-issue page, never a redirect, for %s", async (_name, uri) => {
    expectProblemPage(await get({ ...base, redirect_uri: uri }), loginPages.securityIssue);
    expectProblemPage(await get({ ...base, redirect_uri: uri, response_type: "token" }), loginPages.securityIssue);
  });
});

describe("A3 secure code: request errors, redirected", () => {
  it("redirects a response_type other than code with E1's wrong grant type, echoing the state", async () => {
    expectRedirectTo(await get({ ...base, response_type: "token" }), meridianUri, {
      error: "REQUEST_UNAUTHORIZED",
      error_description: "UNSUPPORTED GRANT TYPE: invalid response type",
      state: "abc123",
    });
  });

  it.each([
    ["response_type is missing", { response_type: undefined }, "INVALID REQUEST: missing response type"],
    ["a scope is unknown", { scope: "read admin" }, "INVALID REQUEST: invalid scope"],
    ["the brand name is not alphabetic", { brandName: "Acme1" }, "INVALID REQUEST: invalid brand name"],
    [
      "the PKCE method is plain",
      { code_challenge: "a".repeat(43), code_challenge_method: "plain" },
      "INVALID REQUEST: invalid code challenge method",
    ],
  ])(
    "redirects to the programme's URI with INVALID_REQUEST when %s, echoing the state",
    async (_name, change, description) => {
      expectRedirectTo(await get({ ...base, ...change }), meridianUri, {
        error: "INVALID_REQUEST",
        error_description: description,
        state: "abc123",
      });
    },
  );

  it("refuses a state that is not alphanumeric, still echoing it", async () => {
    expectRedirectTo(await get({ ...horizon, state: "abc-123" }), horizonUri, {
      error: "INVALID_REQUEST",
      error_description: "INVALID REQUEST: invalid state",
      state: "abc-123",
    });
  });
});

describe("A3 secure code: logging in", () => {
  it("redirects demo.meridian with a code for MERIDIAN, the redirect URI stored as sent (none)", async () => {
    const location = locationOf(await submit("demo.meridian", password));
    expect(`${location.origin}${location.pathname}`).toBe(meridianUri);
    const code = location.searchParams.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    expect(location.searchParams.get("state")).toBe("abc123");
    const row = await codeRow(code);
    expect(row?.programme).toBe("MERIDIAN");
    expect(row?.code).toMatchObject({ redirectUri: null, scope: "read", authenticationLevel: "AUTHN-LEVEL-12" });
    expect(row!.code.expiresAt.getTime() - row!.code.createdAt.getTime()).toBe(120_000);
  });

  it("stores the redirect URI, scope and challenge a request sent", async () => {
    const challenge = createHash("sha256").update("v".repeat(64)).digest("base64url");
    const query = {
      ...base,
      redirect_uri: meridianUri,
      scope: "retrieve_username",
      code_challenge: challenge,
      code_challenge_method: "S256",
    };
    const code = locationOf(await submit("demo.meridian", password, { query })).searchParams.get("code") ?? "";
    expect((await codeRow(code))?.code).toMatchObject({
      redirectUri: meridianUri,
      scope: "retrieve_username",
      codeChallenge: challenge,
    });
  });

  it("logs in after the spec's POST showed the page", async () => {
    const form = await openForm(base, "POST");
    expect(locationOf(await submit("demo.meridian", password, { form })).searchParams.has("code")).toBe(true);
  });

  it("refuses members of other programmes as an incorrect login", async () => {
    expect(messageOf(await submit("demo.meridian", password, { query: horizon }))).toBe(
      loginMessages.invalidCredentials,
    );
    expect(messageOf(await submit("demo.member1", password))).toBe(loginMessages.invalidCredentials);
  });

  it("admits a member who joined the programme", async () => {
    await associate("demo.household", "HORIZON");
    const location = locationOf(await submit("demo.household", password, { query: horizon }));
    expect((await codeRow(location.searchParams.get("code") ?? ""))?.programme).toBe("HORIZON");
  });

  it.each([
    ["demo.blocked", "MERIDIAN", meridianUri, "UNAUTHORIZED: account blocked"],
    ["demo.expired", "HORIZON", horizonUri, "UNAUTHORIZED: password expired"],
    ["demo.fraud", "MERIDIAN", meridianUri, "UNAUTHORIZED: account status fraud"],
  ])("redirects %s on %s with REQUEST_UNAUTHORIZED", async (username, programme, uri, description) => {
    await associate(username, programme);
    const answer = await submit(username, password, { query: { ...base, "programme-identifier": programme } });
    expectRedirectTo(answer, uri, { error: "REQUEST_UNAUTHORIZED", error_description: description, state: "abc123" });
  });
});

describe("A3 secure code: messages, CSRF and lockout shared with A1", () => {
  it.each([
    ["a blank username", "", password, loginMessages.blankUsername],
    ["a blank password", "demo.meridian", "", loginMessages.blankPassword],
    ["both blank", "", "", loginMessages.blankUsernameAndPassword],
    ["a badly formatted username", "demo meridian", password, loginMessages.invalidFormat],
    ["a wrong password", "demo.meridian", "Wrong#2026", loginMessages.invalidCredentials],
    ["an unknown username", "nobody.here", "Wrong#2026", loginMessages.invalidCredentials],
  ])("shows the form again for %s", async (_name, username, secret, message) => {
    const answer = await submit(username, secret);
    expect(answer.status).toBe(200);
    expect(messageOf(answer)).toBe(message);
  });

  it("shows the IP message for an invalid X-Forwarded-For", async () => {
    const answer = await submit("demo.meridian", password, { headers: { "x-forwarded-for": "300.1.1.1" } });
    expect(messageOf(answer)).toBe(loginMessages.invalidIpAddress);
  });

  it("refuses a submission whose CSRF token does not match", async () => {
    const form = await openForm();
    const answer = await submit("demo.meridian", password, { form: { ...form, token: "y".repeat(43) } });
    expect(answer.status).toBe(400);
    expect(messageOf(answer)).toBe(loginMessages.sessionExpired);
    expect(answer.headers.get("location")).toBeNull();
  });

  it("locks a username across both login pages, and unlocks it after the lock time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-03-01T10:00:00Z");
    vi.setSystemTime(start);
    const form = await openForm();
    for (let attempt = 1; attempt < loginThrottlePolicy.maxFailures; attempt += 1) {
      expect(messageOf(await submit("demo.meridian", "Wrong#2026", { form }))).toBe(loginMessages.invalidCredentials);
    }
    // The fifth failure comes through A1, where demo.meridian is a stranger: the count is per username.
    const a1Query = { client_id: "DEMO-10001", response_type: "code" };
    const a1Page = await callRoute(memberLoginRoute, { url: urlOf(a1Query, "/oauth/auth/login") });
    const a1Cookie = a1Page.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const a1Token = /name="csrf" value="([^"]+)"/.exec(a1Page.text)?.[1] ?? "";
    const a1Answer = await callRoute(memberLoginRoute, {
      method: "POST",
      url: urlOf(a1Query, "/oauth/auth/login"),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: a1Cookie },
      body: new URLSearchParams({ csrf: a1Token, username: "demo.meridian", password: "Wrong#2026" }).toString(),
    });
    expect(messageOf(a1Answer)).toBe(loginMessages.multipleAttempts);

    expect(messageOf(await submit("demo.meridian", password, { form }))).toBe(loginMessages.multipleAttempts);
    vi.setSystemTime(new Date(start.getTime() + loginThrottlePolicy.lockSeconds * 1000 + 1000));
    expect(locationOf(await submit("demo.meridian", password, { form })).searchParams.has("code")).toBe(true);
  });
});

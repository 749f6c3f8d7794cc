import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { getByLabelText, getByRole } from "@testing-library/dom";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as route from "@/app/oauth/auth/login/route";
import sandbox from "@/sandbox.json";
import { installDatabase } from "@/server/loyalty/db/loyalty-database";
import { accounts } from "@/server/loyalty/ledger/ledger-tables";
import { loginThrottles } from "@/server/loyalty/login/login-tables";
import { authorisationCodes } from "@/server/loyalty/oauth/token-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { findMemberByUsername } from "@/server/loyalty/members/find-member";
import { loginMessages, loginPages } from "@/server/loyalty/login/login-messages";
import { loginThrottlePolicy, reserveLoginAttempt } from "@/server/loyalty/login/login-throttle";
import { passwordHashActivity } from "@/server/security/password-hash";
import { logger } from "@/server/observability/logger";
import { callRoute, type RouteAnswer } from "../support/call-route";
import { loginPageDriver, type OpenForm } from "../support/login-page-driver";
import { setupTestDatabase } from "../support/test-database";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

const { db, handle } = setupTestDatabase();

const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (markup: string) => { window: { document: Document } };
};

const registered = sandbox.partners[0]!.oauthClient!.redirectUris[0]!;
const password = sandbox.password;
const path = "/oauth/auth/login";
type Query = Record<string, string | undefined>;
const base: Query = { client_id: "DEMO-10001", response_type: "code", redirect_uri: registered, state: "xyz123" };
const { get, openForm, submit, messageOf, locationOf } = loginPageDriver(route, path, base);

function urlOf(query: Query): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, value);
  return `${path}?${search.toString()}`;
}

function expectRedirectTo(answer: RouteAnswer, expected: Record<string, string>, uri = registered): void {
  const location = locationOf(answer);
  expect(`${location.origin}${location.pathname}`).toBe(uri);
  expect(Object.fromEntries(location.searchParams)).toEqual(expected);
}

function expectProblemPage(answer: RouteAnswer, page: { title: string; text: string }): void {
  expect(answer.status).toBe(400);
  expect(answer.headers.get("location")).toBeNull();
  expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(answer.text).toContain(page.title);
  expect(answer.text).not.toContain("<form");
}

async function throttleRow(username: string) {
  const [row] = await db().select().from(loginThrottles).where(eq(loginThrottles.username, username.toUpperCase()));
  return row;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("A1 member login: the page", () => {
  it("renders the Northstar Club login form with labelled inputs, a Log in button and a CSRF token", async () => {
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const document = new JSDOM(answer.text).window.document;
    expect(document.title).toBe("Log in to Northstar Club");
    expect(getByRole(document.body, "heading", { level: 1 }).textContent).toBe("Log in to Northstar Club");
    expect(getByLabelText(document.body, "Username").getAttribute("type")).toBe("text");
    expect(getByLabelText(document.body, "Password").getAttribute("type")).toBe("password");
    expect(getByRole(document.body, "button", { name: "Log in" })).toBeTruthy();
    const form = document.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(urlOf(base));
    const token = document.querySelector<HTMLInputElement>('input[type="hidden"][name="csrf"]')!.value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(document.querySelectorAll("script, link, iframe, img")).toHaveLength(0);

    const cookie = answer.headers.getSetCookie().find((value) => value.startsWith("login_csrf="));
    expect(cookie).toBe(`login_csrf=${token}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=3600`);
  });

  it("sends the security headers, with a CSP that allows only its own stylesheet and the callback as form target", async () => {
    const answer = await get();
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = answer.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:3000;");
    expect(csp).not.toContain("script-src");
    const style = /<style>([\s\S]*?)<\/style>/.exec(answer.text)?.[1] ?? "";
    expect(csp).toContain(`style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'`);
  });

  it("keeps a well-formed CSRF cookie it already set, so a second tab does not spoil the first", async () => {
    const first = await openForm();
    const again = await callRoute(route, { url: urlOf(base), headers: { cookie: first.cookie } });
    expect(again.text).toContain(`name="csrf" value="${first.token}"`);
  });

  it("escapes what the query says wherever it is shown", async () => {
    const answer = await get({ ...base, state: `"><script>alert(1)</script>` });
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain("<script>");
    expect(answer.text).toContain('action="/oauth/auth/login?client_id=DEMO-10001&amp;response_type=code&amp;');
  });

  it("shows the page for a POST without the form's fields", async () => {
    const answer = await callRoute(route, { method: "POST", url: urlOf(base) });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<button type="submit">Log in</button>');
  });
});

describe("A1 member login: client and redirect URI, refused on a page", () => {
  it.each([
    ["misspelt prefix", { client_id: "DEMP-10001" }],
    ["unknown number", { client_id: "DEMO-10002" }],
    ["lower-case prefix", { client_id: "demo-10001" }],
    ["four digits", { client_id: "DEMO-1001" }],
    ["no dash", { client_id: "DEMO10001" }],
    ["empty", { client_id: "" }],
    ["missing", { client_id: undefined }],
    ["a further-programmes client", { client_id: "DEMO10001" }],
  ])("answers 400 without a redirect for a client_id that is %s", async (_name, change) => {
    expectProblemPage(await get({ ...base, ...change }), loginPages.invalidClient);
  });

  it("answers 400 for a client_id sent twice", async () => {
    expectProblemPage(await callRoute(route, { url: `${urlOf(base)}&client_id=DEMO-10001` }), loginPages.invalidClient);
  });

  it.each([
    ["a trailing slash", `${registered}/`],
    ["an extra query", `${registered}?x=1`],
    ["another host", "http://partner.evil.test/api/auth/callback/loyalty"],
    ["userinfo", "http://localhost:3000@evil.test/api/auth/callback/loyalty"],
    ["a look-alike host", "http://localhost.evil.test/api/auth/callback/loyalty"],
    ["another port", "http://localhost:3001/api/auth/callback/loyalty"],
    ["an upper-case path", "http://localhost:3000/API/auth/callback/loyalty"],
    ["https", "https://localhost:3000/api/auth/callback/loyalty"],
    ["nothing", ""],
  ])("shows the security-issue page, never a redirect, for a redirect_uri with %s", async (_name, uri) => {
    expectProblemPage(await get({ ...base, redirect_uri: uri }), loginPages.securityIssue);
    // Even a request that is otherwise wrong too must not be sent to that address.
    expectProblemPage(await get({ ...base, redirect_uri: uri, response_type: "token" }), loginPages.securityIssue);
  });

  it("refuses a form posted to a bad redirect_uri the same way", async () => {
    const form = await openForm();
    const answer = await submit("demo.member1", password, { form, query: { ...base, redirect_uri: `${registered}/` } });
    expectProblemPage(answer, loginPages.securityIssue);
  });
});

describe("A1 member login: request errors, redirected", () => {
  it.each([
    ["response_type is missing", { response_type: undefined }, "INVALID REQUEST: missing response type"],
    ["response_type is blank", { response_type: "" }, "INVALID REQUEST: missing response type"],
    ["a scope is unknown", { scope: "read admin" }, "INVALID REQUEST: invalid scope"],
    ["the scope is empty", { scope: "" }, "INVALID REQUEST: invalid scope"],
    [
      "the PKCE method is plain",
      { code_challenge: "a".repeat(43), code_challenge_method: "plain" },
      "INVALID REQUEST: invalid code challenge method",
    ],
    [
      "the PKCE challenge is malformed",
      { code_challenge: "abc", code_challenge_method: "S256" },
      "INVALID REQUEST: invalid code challenge",
    ],
    [
      "the PKCE method is missing",
      { code_challenge: "a".repeat(43) },
      "INVALID REQUEST: missing code challenge method",
    ],
  ])("redirects with INVALID_REQUEST when %s, echoing the state", async (_name, change, description) => {
    const answer = await get({ ...base, ...change });
    expectRedirectTo(answer, { error: "INVALID_REQUEST", error_description: description, state: "xyz123" });
    expect(description).toMatch(/^[A-Za-z0-9: ]+$/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("redirects a response_type other than code with E1's wrong grant type, echoing the state", async () => {
    const answer = await get({ ...base, response_type: "token" });
    expectRedirectTo(answer, {
      error: "REQUEST_UNAUTHORIZED",
      error_description: "UNSUPPORTED GRANT TYPE: invalid response type",
      state: "xyz123",
    });
  });

  it("redirects to the registered URI when none was sent, and leaves out an absent state", async () => {
    const answer = await get({ ...base, redirect_uri: undefined, state: undefined, response_type: "" });
    expectRedirectTo(answer, { error: "INVALID_REQUEST", error_description: "INVALID REQUEST: missing response type" });
  });

  it("re-checks the query on POST", async () => {
    const form = await openForm();
    const answer = await submit("demo.member1", password, { form, query: { ...base, scope: "everything" } });
    expectRedirectTo(answer, {
      error: "INVALID_REQUEST",
      error_description: "INVALID REQUEST: invalid scope",
      state: "xyz123",
    });
  });
});

describe("A1 member login: success", () => {
  it("redirects with a 64-hex code and the state, stored hashed for 120 seconds with what the request said", async () => {
    const answer = await submit("demo.member1", password);
    const location = locationOf(answer);
    expect(`${location.origin}${location.pathname}`).toBe(registered);
    const code = location.searchParams.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    expect(location.searchParams.get("state")).toBe("xyz123");
    expect([...location.searchParams.keys()].sort()).toEqual(["code", "state"]);

    const [row] = await db()
      .select({ code: authorisationCodes, programme: programmes.identifier })
      .from(authorisationCodes)
      .innerJoin(programmes, eq(programmes.id, authorisationCodes.programmeId))
      .where(eq(authorisationCodes.codeHash, createHash("sha256").update(code).digest("hex")));
    expect(row).toBeDefined();
    expect(row!.programme).toBe("NORTHSTAR");
    expect(row!.code.expiresAt.getTime() - row!.code.createdAt.getTime()).toBe(120_000);
    expect(row!.code).toMatchObject({
      redirectUri: registered,
      scope: "read",
      authenticationLevel: "AUTHN-LEVEL-12",
      codeChallenge: null,
      codeChallengeMethod: null,
      consumedAt: null,
    });
    // The used form's token is dropped.
    expect(
      answer.headers.getSetCookie().some((cookie) => cookie.startsWith("login_csrf=;") && cookie.includes("Max-Age=0")),
    ).toBe(true);
  });

  it("works without redirect_uri, storing none, with scopes and an S256 challenge", async () => {
    const challenge = createHash("sha256").update("verifier".repeat(8)).digest("base64url");
    const query = {
      ...base,
      redirect_uri: undefined,
      scope: "read reverse_transaction",
      code_challenge: challenge,
      code_challenge_method: "S256",
    };
    const location = locationOf(await submit("DEMO.MEMBER1", password, { query }));
    expect(`${location.origin}${location.pathname}`).toBe(registered);
    const code = location.searchParams.get("code") ?? "";
    const [row] = await db()
      .select()
      .from(authorisationCodes)
      .where(eq(authorisationCodes.codeHash, createHash("sha256").update(code).digest("hex")));
    expect(row).toMatchObject({
      redirectUri: null,
      scope: "read reverse_transaction",
      codeChallenge: challenge,
      codeChallengeMethod: "S256",
    });
  });
});

describe("A1 member login: messages on the page", () => {
  it.each([
    ["a blank username", "", password, loginMessages.blankUsername],
    ["a blank password", "demo.member1", "", loginMessages.blankPassword],
    ["both blank", "", "", loginMessages.blankUsernameAndPassword],
    ["a username too short", "demo", password, loginMessages.invalidFormat],
    ["a username starting with a dot", ".demo.member1", password, loginMessages.invalidFormat],
    ["a username ending with a dash", "demo.member1-", password, loginMessages.invalidFormat],
    ["a username with $", "demo$member1", password, loginMessages.invalidFormat],
    ["a password too short", "demo.member1", "Short#1", loginMessages.invalidFormat],
    ["a password too long", "demo.member1", "P".repeat(21), loginMessages.invalidFormat],
  ])(
    "shows the form again for %s, keeping a well-formed username and never the password",
    async (_name, username, secret, message) => {
      const answer = await submit(username, secret);
      expect(answer.status).toBe(200);
      expect(messageOf(answer)).toBe(message);
      // A username that is not in the login format is not repeated back.
      const kept = /^[A-Za-z0-9][A-Za-z0-9.@_-]{4,48}[A-Za-z0-9]$/.test(username) ? username : "";
      expect(answer.text).toContain(`name="username" type="text" value="${kept}"`);
      if (secret !== "") expect(answer.text).not.toContain(secret);
      expect(answer.headers.get("location")).toBeNull();
    },
  );

  it("says the same, in the same page, for a wrong password and an unknown username", async () => {
    const wrong = await submit("demo.member1", "Wrong#2026");
    const unknown = await submit("nobody.here", "Wrong#2026");
    expect(messageOf(wrong)).toBe(loginMessages.invalidCredentials);
    expect(messageOf(unknown)).toBe(loginMessages.invalidCredentials);
    const strip = (answer: RouteAnswer) => answer.text.replace(/value="[^"]*"/g, 'value=""');
    expect(strip(wrong)).toBe(strip(unknown));
    expect(wrong.status).toBe(unknown.status);
  });

  it("does not show a malformed username again, escaped or not", async () => {
    const answer = await submit('"><b>x</b>', password);
    expect(messageOf(answer)).toBe(loginMessages.invalidFormat);
    expect(answer.text).not.toContain("<b>x</b>");
    expect(answer.text).not.toContain("&lt;b&gt;x");
    expect(answer.text).toContain('name="username" type="text" value=""');
  });

  it("refuses a member of another programme as an incorrect login", async () => {
    expect(messageOf(await submit("demo.meridian", password))).toBe(loginMessages.invalidCredentials);
    await expect(throttleRow("demo.meridian")).resolves.toMatchObject({ failedAttempts: 1 });
  });

  it.each(["198.51.100.4 10.0.0.1", "not-an-ip", "198.51.100.4,", "198.51.100.4:443"])(
    "shows the IP message for X-Forwarded-For %j",
    async (forwardedFor) => {
      const answer = await submit("demo.member1", password, { headers: { "x-forwarded-for": forwardedFor } });
      expect(answer.status).toBe(200);
      expect(messageOf(answer)).toBe(loginMessages.invalidIpAddress);
    },
  );

  it("logs in with a valid X-Forwarded-For", async () => {
    const answer = await submit("demo.member1", password, {
      headers: { "x-forwarded-for": "198.51.100.4, 2001:db8::7" },
    });
    expect(locationOf(answer).searchParams.get("code")).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("A1 member login: refusals after the right password", () => {
  it.each([
    ["demo.blocked", "UNAUTHORIZED: account blocked"],
    ["demo.fraud", "UNAUTHORIZED: account status fraud"],
    ["demo.expired", "UNAUTHORIZED: password expired"],
  ])("redirects %s with REQUEST_UNAUTHORIZED and issues no code", async (username, description) => {
    const before = (await db().select({ hash: authorisationCodes.codeHash }).from(authorisationCodes)).length;
    const answer = await submit(username, password);
    expectRedirectTo(answer, { error: "REQUEST_UNAUTHORIZED", error_description: description, state: "xyz123" });
    expect((await db().select({ hash: authorisationCodes.codeHash }).from(authorisationCodes)).length).toBe(before);
  });

  it("refuses an account whose status is INACTIVE", async () => {
    const member = await findMemberByUsername(db(), "demo.cancelled");
    await db().update(accounts).set({ status: "INACTIVE" }).where(eq(accounts.id, member!.account.id));
    try {
      expectRedirectTo(await submit("demo.cancelled", password), {
        error: "REQUEST_UNAUTHORIZED",
        error_description: "UNAUTHORIZED: customer status inactive",
        state: "xyz123",
      });
    } finally {
      await db().update(accounts).set({ status: "CANCELLED" }).where(eq(accounts.id, member!.account.id));
    }
  });

  // E1 lists inactive, blocked, fraud and expired password only; these meet their refusals at the operations.
  it.each(["CANCELLED", "DECEASED", "GROUP"] as const)("logs in an account whose status is %s", async (status) => {
    const member = await findMemberByUsername(db(), "demo.cancelled");
    await db().update(accounts).set({ status }).where(eq(accounts.id, member!.account.id));
    try {
      expect(locationOf(await submit("demo.cancelled", password)).searchParams.get("code")).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await db().update(accounts).set({ status: "CANCELLED" }).where(eq(accounts.id, member!.account.id));
    }
  });

  it("shows a refused member's wrong password as an incorrect login, not as the refusal", async () => {
    expect(messageOf(await submit("demo.blocked", "Wrong#2026"))).toBe(loginMessages.invalidCredentials);
  });
});

describe("A1 member login: CSRF", () => {
  it.each([
    ["no cookie", (form: OpenForm) => ({ form: { ...form, cookie: "" } })],
    ["another token in the form", () => ({ fields: { csrf: "x".repeat(43), username: "demo.member1", password } })],
    ["no token in the form", () => ({ fields: { username: "demo.member1", password } })],
    ["a cookie of another form", (form: OpenForm) => ({ form: { ...form, cookie: "login_csrf=" + "A".repeat(43) } })],
  ])("refuses a submission with %s: 400, session expired, a fresh form", async (_name, change) => {
    const form = await openForm();
    const answer = await submit("demo.member1", password, { form, ...change(form) });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
    expect(messageOf(answer)).toBe(loginMessages.sessionExpired);
    const fresh = /name="csrf" value="([^"]+)"/.exec(answer.text)?.[1];
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(form.token);
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith(`login_csrf=${fresh};`))).toBe(true);
    expect(answer.text).toContain('name="username" type="text" value=""');
  });
});

describe("A1 member login: lockout", () => {
  const { maxFailures, lockSeconds, windowSeconds } = loginThrottlePolicy;

  it("locks a username after repeated failures, even for the right password, and unlocks it after the lock time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T10:00:00Z");
    vi.setSystemTime(start);
    const form = await openForm();
    for (let attempt = 1; attempt < maxFailures; attempt += 1) {
      expect(messageOf(await submit("demo.household", "Wrong#2026", { form }))).toBe(loginMessages.invalidCredentials);
    }
    expect(messageOf(await submit("demo.household", "Wrong#2026", { form }))).toBe(loginMessages.multipleAttempts);
    expect(await throttleRow("demo.household")).toMatchObject({
      failedAttempts: maxFailures,
      lockedUntil: new Date(start.getTime() + lockSeconds * 1000),
    });

    vi.setSystemTime(new Date(start.getTime() + lockSeconds * 1000 - 1000));
    expect(messageOf(await submit("DEMO.HOUSEHOLD", password, { form }))).toBe(loginMessages.multipleAttempts);

    vi.setSystemTime(new Date(start.getTime() + lockSeconds * 1000 + 1000));
    expect(locationOf(await submit("demo.household", password, { form })).searchParams.get("code")).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(await throttleRow("demo.household")).toBeUndefined();
  });

  it("forgets failures after a success", async () => {
    const form = await openForm();
    for (let attempt = 1; attempt < maxFailures; attempt += 1) await submit("demo.empty", "Wrong#2026", { form });
    await expect(throttleRow("demo.empty")).resolves.toMatchObject({ failedAttempts: maxFailures - 1 });
    expect(locationOf(await submit("demo.empty", password, { form })).searchParams.has("code")).toBe(true);
    expect(await throttleRow("demo.empty")).toBeUndefined();
    for (let attempt = 1; attempt < maxFailures; attempt += 1) {
      expect(messageOf(await submit("demo.empty", "Wrong#2026", { form }))).toBe(loginMessages.invalidCredentials);
    }
    expect(locationOf(await submit("demo.empty", password, { form })).searchParams.has("code")).toBe(true);
  });

  it("counts failures within a window only", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-02-01T10:00:00Z");
    vi.setSystemTime(start);
    const form = await openForm();
    for (let attempt = 1; attempt < maxFailures; attempt += 1) await submit("window.user", "Wrong#2026", { form });
    vi.setSystemTime(new Date(start.getTime() + windowSeconds * 1000 + 1000));
    expect(messageOf(await submit("window.user", "Wrong#2026", { form }))).toBe(loginMessages.invalidCredentials);
    await expect(throttleRow("window.user")).resolves.toMatchObject({ failedAttempts: 1, lockedUntil: null });
  });

  it("locks unknown usernames too, so a lock does not tell which exist", async () => {
    const form = await openForm();
    for (let attempt = 1; attempt < maxFailures; attempt += 1) await submit("ghost.user", "Wrong#2026", { form });
    expect(messageOf(await submit("ghost.user", "Wrong#2026", { form }))).toBe(loginMessages.multipleAttempts);
  });

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "grants exactly the allowed attempts when they are reserved together, on PostgreSQL",
    ),
    async () => {
      const now = new Date();
      const reservations = await Promise.all(
        Array.from({ length: 10 }, () => reserveLoginAttempt(db(), "concurrent.user", now)),
      );
      const granted = reservations.flatMap((reservation) => (reservation.granted ? [reservation] : []));
      expect(granted.map((reservation) => reservation.attempt).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      expect(granted.filter((reservation) => reservation.locks).map((reservation) => reservation.attempt)).toEqual([
        maxFailures,
      ]);
      await expect(throttleRow("concurrent.user")).resolves.toMatchObject({
        failedAttempts: maxFailures,
        lockedUntil: new Date(now.getTime() + lockSeconds * 1000),
      });

      // Through the page: failures submitted together are all counted, and exactly the last one locks.
      const form = await openForm();
      const answers = await Promise.all(
        Array.from({ length: maxFailures }, () => submit("demo.member1", "Wrong#2026", { form })),
      );
      const messages = answers.map(messageOf);
      expect(messages.filter((message) => message === loginMessages.multipleAttempts)).toHaveLength(1);
      expect(messages.filter((message) => message === loginMessages.invalidCredentials)).toHaveLength(maxFailures - 1);
      await expect(throttleRow("demo.member1")).resolves.toMatchObject({ failedAttempts: maxFailures });
      expect(messageOf(await submit("demo.member1", password, { form }))).toBe(loginMessages.multipleAttempts);
    },
  );

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "verifies only the allowed number of passwords when 20 guesses arrive at once, on PostgreSQL",
    ),
    async () => {
      const form = await openForm();
      const before = passwordHashActivity().verifications;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => submit("demo.shopper", `Guess#${1000 + index}`, { form })),
      );
      expect(passwordHashActivity().verifications - before).toBe(maxFailures);
      await expect(throttleRow("demo.shopper")).resolves.toMatchObject({ failedAttempts: maxFailures });
      const messages = answers.map(messageOf);
      expect(messages.filter((message) => message === loginMessages.invalidCredentials)).toHaveLength(maxFailures - 1);
      expect(messages.filter((message) => message === loginMessages.multipleAttempts)).toHaveLength(
        20 - (maxFailures - 1),
      );
      // The right password, coming after the burst, finds the username locked.
      expect(messageOf(await submit("demo.shopper", password, { form }))).toBe(loginMessages.multipleAttempts);
    },
  );
});

describe("A1 member login: an unexpected failure", () => {
  it("shows the system-unavailable page with a reference, logs the cause and shows no internals", async () => {
    const error = vi.spyOn(logger, "error");
    const real = handle();
    const failing = new Proxy(real.db, {
      get(target, property, receiver) {
        if (property === "select") {
          return () => {
            throw new Error("relation secret_internal_table is broken");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    installDatabase({ ...real, db: failing });
    try {
      const answer = await get();
      expect(answer.status).toBe(503);
      expect(answer.headers.get("location")).toBeNull();
      expect(answer.text).toContain(loginPages.systemUnavailable.text);
      expect(answer.text).not.toContain("secret_internal_table");
      const reference = /Reference: ([0-9a-f-]{36})/.exec(answer.text)?.[1];
      expect(reference).toBeDefined();
      expect(error).toHaveBeenCalled();
      expect(String((error.mock.calls[0]?.[0] as { err?: Error }).err?.message)).toContain("secret_internal_table");
    } finally {
      installDatabase(real);
    }
  });
});

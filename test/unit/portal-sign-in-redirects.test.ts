import { describe, expect, it } from "vitest";
import { signInRefusalMessage, signInRefusalOf, signInRefusals } from "@/lib/portal/sign-in-refusals";
import { portalRedirect } from "@/server/portal/auth/auth-options";
import { secureCodeState } from "@/server/portal/auth/callback-state";
import { refusedSignIn } from "@/server/portal/auth/refused-sign-in";
import { secureCodeRedirect } from "@/server/portal/auth/secure-code-redirect";

const nextAuthState = "Zq3-_x9kPq0vW2mN8rT5yU1iO7pL4aS6dF0gH2jK3lZ";

describe("the first stop of a further programme's sign-in (/login/secure-code)", () => {
  function start(query: Record<string, string>) {
    return secureCodeRedirect(
      new Request(`http://localhost:3000/login/secure-code?${new URLSearchParams(query).toString()}`),
    );
  }

  it("sends the member on to A3 with an alphanumeric state and the portal's own client, context and callback", () => {
    const answer = start({
      response_type: "code",
      client_id: "SOMEONE-ELSE",
      "programme-identifier": "MERIDIAN",
      "business-context-identifier": "OTHER",
      redirect_uri: "https://evil.example/cb",
      state: nextAuthState,
      scope: "read",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      extra: "dropped",
    });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:3000/partner-oauth/secure/code");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      response_type: "code",
      client_id: "DEMO10001",
      "programme-identifier": "MERIDIAN",
      "business-context-identifier": "DEMOPARTNER",
      redirect_uri: "http://localhost:3000/api/auth/callback/meridian",
      state: secureCodeState(nextAuthState),
      brandName: "DemoPartner",
      scope: "read",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
    expect(location.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{1,1024}$/);
  });

  it("passes on the member's language (ui_locales) for A3's page, and nothing that is not a language tag", () => {
    const location = (ui_locales: string) =>
      new URL(
        start({ "programme-identifier": "MERIDIAN", state: nextAuthState, ui_locales }).headers.get("location")!,
      ).searchParams.get("ui_locales");
    expect(location("ca")).toBe("ca");
    expect(location("fr-FR en")).toBe("fr-FR en");
    expect(location("<script>")).toBeNull();
    expect(location("es".repeat(20))).toBeNull();
  });

  it("refuses programmes that are not further programmes, and states that are not next-auth's", () => {
    expect(start({ "programme-identifier": "NORTHSTAR", state: nextAuthState }).status).toBe(400);
    expect(start({ "programme-identifier": "HORIZON", state: "<script>" }).status).toBe(400);
    expect(start({ "programme-identifier": "HORIZON", state: nextAuthState }).headers.get("location")).toContain(
      "callback%2Fhorizon",
    );
  });
});

describe("a sign-in the programme refused", () => {
  function refused(query: string, cookie?: string) {
    const answer = refusedSignIn(
      new Request(`http://localhost:3000/api/auth/callback/loyalty?${query}`, {
        headers: cookie ? { cookie } : {},
      }),
    );
    expect(answer?.status).toBe(302);
    return new URL(answer!.headers.get("location")!, "http://localhost:3000");
  }

  it("goes to the login page naming the refusal in the portal's terms, and back to the page asked for", () => {
    const location = refused(
      "error=REQUEST_UNAUTHORIZED&error_description=UNAUTHORIZED%3A+account+blocked&state=x",
      `next-auth.callback-url=${encodeURIComponent("http://localhost:3000/transactions?page=2")}`,
    );
    expect(location.pathname).toBe("/login");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "Refused",
      provider: "loyalty",
      refusal: "account-blocked",
      callbackUrl: "/transactions?page=2",
    });
  });

  it("passes on nothing the redirect carried: free text becomes the plain refusal", () => {
    const location = refused(
      `error=x&error_description=${encodeURIComponent("call 0800 123 456 to unlock your account")}`,
      `next-auth.callback-url=${encodeURIComponent("https://evil.example/")}`,
    );
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "Refused",
      provider: "loyalty",
      refusal: "refused",
    });
    expect(location.toString()).not.toMatch(/0800|unlock|evil/);
    const crafted = refused(
      `error=REQUEST_UNAUTHORIZED&error_description=${encodeURIComponent("UNAUTHORIZED: call 0800")}`,
    );
    expect(crafted.searchParams.get("refusal")).toBe("refused");
  });

  it("drops a callback-url cookie holding a tab or a line break", () => {
    for (const back of ["/\t/evil.example/", "/\r\n/evil.example/"]) {
      const location = refused("error=access_denied", `next-auth.callback-url=${encodeURIComponent(back)}`);
      expect(location.searchParams.has("callbackUrl")).toBe(false);
    }
  });

  it("names every refusal of E1 and the OAuth error codes the member can act on", () => {
    const cases: [string, string | null, string][] = [
      ["REQUEST_UNAUTHORIZED", "UNAUTHORIZED: account blocked", "account-blocked"],
      ["REQUEST_UNAUTHORIZED", "UNAUTHORIZED: customer status inactive", "account-inactive"],
      ["REQUEST_UNAUTHORIZED", "UNAUTHORIZED: account status fraud", "account-restricted"],
      ["REQUEST_UNAUTHORIZED", "UNAUTHORIZED: account status cancelled", "account-closed"],
      ["REQUEST_UNAUTHORIZED", "UNAUTHORIZED: password expired", "password-expired"],
      ["REQUEST_UNAUTHORIZED", "UNAUTHORIZED: constructor", "refused"],
      ["REQUEST_UNAUTHORIZED", null, "refused"],
      ["INVALID_REQUEST", "INVALID REQUEST: state invalid", "not-accepted"],
      ["access_denied", null, "cancelled"],
      ["temporarily_unavailable", null, "unavailable"],
      ["server_error", "anything at all", "unavailable"],
      ["toString", null, "refused"],
    ];
    for (const [error, description, refusal] of cases) expect(signInRefusalOf(error, description)).toBe(refusal);
  });

  it("says each refusal in the portal's words, and the plainest words for a name it does not know", () => {
    expect(signInRefusalMessage("account-blocked", "Northstar Club")).toBe(
      "Northstar Club did not sign you in: your account is blocked. Please contact Northstar Club.",
    );
    for (const unknown of ["call 0800 123 456", "__proto__", "constructor", undefined]) {
      expect(signInRefusalMessage(unknown, "Meridian Plus")).toBe(signInRefusals.refused("Meridian Plus"));
    }
  });

  it("leaves every other request to next-auth", () => {
    expect(
      refusedSignIn(new Request("http://localhost:3000/api/auth/callback/loyalty?code=abc&state=x")),
    ).toBeUndefined();
    expect(refusedSignIn(new Request("http://localhost:3000/api/auth/signin?error=OAuthCallback"))).toBeUndefined();
  });
});

describe("where next-auth sends the member after signing in or out", () => {
  const baseUrl = "http://localhost:3000";

  it("keeps pages of the portal's origin, as the URL parser writes them", () => {
    expect(portalRedirect("/transactions?page=2", baseUrl)).toBe("http://localhost:3000/transactions?page=2");
    expect(portalRedirect("http://localhost:3000/profile", baseUrl)).toBe("http://localhost:3000/profile");
    expect(portalRedirect("/login?reason=signed-out", baseUrl)).toBe("http://localhost:3000/login?reason=signed-out");
  });

  it("sends anything else to the default page: other origins, tabs, line breaks, //host", () => {
    for (const url of [
      "https://evil.example/",
      "//evil.example/",
      "/\t/evil.example/",
      "/\r\n/evil.example/",
      "http://localhost:3000/\t/evil.example/",
      "/.//evil.example/",
      "http://localhost:3000.evil.example/",
    ]) {
      expect(portalRedirect(url, baseUrl), JSON.stringify(url)).toBe("http://localhost:3000/account");
    }
  });
});

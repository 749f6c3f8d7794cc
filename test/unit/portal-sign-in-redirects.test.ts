import { describe, expect, it } from "vitest";
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

  it("refuses programmes that are not further programmes, and states that are not next-auth's", () => {
    expect(start({ "programme-identifier": "NORTHSTAR", state: nextAuthState }).status).toBe(400);
    expect(start({ "programme-identifier": "HORIZON", state: "<script>" }).status).toBe(400);
    expect(start({ "programme-identifier": "HORIZON", state: nextAuthState }).headers.get("location")).toContain(
      "callback%2Fhorizon",
    );
  });
});

describe("a sign-in the programme refused", () => {
  it("goes to the login page with the reason, and back to the page asked for", () => {
    const answer = refusedSignIn(
      new Request(
        "http://localhost:3000/api/auth/callback/loyalty?error=REQUEST_UNAUTHORIZED&error_description=UNAUTHORIZED%3A+account+blocked&state=x",
        {
          headers: {
            cookie: `next-auth.callback-url=${encodeURIComponent("http://localhost:3000/transactions?page=2")}`,
          },
        },
      ),
    );
    expect(answer?.status).toBe(302);
    const location = new URL(answer!.headers.get("location")!, "http://localhost:3000");
    expect(location.pathname).toBe("/login");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "Refused",
      provider: "loyalty",
      detail: "account blocked",
      callbackUrl: "/transactions?page=2",
    });
  });

  it("keeps only this site's pages and the OAuth error alphabet", () => {
    const answer = refusedSignIn(
      new Request("http://localhost:3000/api/auth/callback/meridian?error=x&error_description=%3Cb%3Ehi%3C%2Fb%3E", {
        headers: { cookie: `next-auth.callback-url=${encodeURIComponent("https://evil.example/")}` },
      }),
    );
    const location = new URL(answer!.headers.get("location")!, "http://localhost:3000");
    expect(location.searchParams.get("detail")).toBe("b hi  b");
    expect(location.searchParams.has("callbackUrl")).toBe(false);
  });

  it("leaves every other request to next-auth", () => {
    expect(
      refusedSignIn(new Request("http://localhost:3000/api/auth/callback/loyalty?code=abc&state=x")),
    ).toBeUndefined();
    expect(refusedSignIn(new Request("http://localhost:3000/api/auth/signin?error=OAuthCallback"))).toBeUndefined();
  });
});

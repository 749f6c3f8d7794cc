import { describe, expect, it } from "vitest";
import {
  csrfCookie,
  csrfTokenFromCookie,
  csrfTokensMatch,
  expiredCsrfCookie,
  newCsrfToken,
} from "@/server/loyalty/login/csrf";

function withCookie(cookie: string): Request {
  return new Request("http://localhost:3000/oauth/auth/login", { headers: { cookie } });
}

describe("login CSRF tokens", () => {
  it("are 256 random bits in base64url, different every time", () => {
    const token = newCsrfToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCsrfToken()).not.toBe(token);
  });

  it("match only when cookie and form carry the same token", () => {
    const token = newCsrfToken();
    expect(csrfTokensMatch(token, token)).toBe(true);
    expect(csrfTokensMatch(token, newCsrfToken())).toBe(false);
    expect(csrfTokensMatch(token, `${token}x`)).toBe(false);
    expect(csrfTokensMatch(token, undefined)).toBe(false);
    expect(csrfTokensMatch(undefined, token)).toBe(false);
    expect(csrfTokensMatch("", "")).toBe(false);
  });

  it("are read from the cookie only when well formed", () => {
    const token = newCsrfToken();
    expect(csrfTokenFromCookie(withCookie(`other=1; login_csrf=${token}`))).toBe(token);
    expect(csrfTokenFromCookie(withCookie("login_csrf=short"))).toBeUndefined();
    expect(csrfTokenFromCookie(new Request("http://localhost:3000/"))).toBeUndefined();
  });

  it("live in an HttpOnly, SameSite=Lax cookie scoped to the login path", () => {
    expect(csrfCookie("t", { path: "/oauth/auth/login", secure: false })).toBe(
      "login_csrf=t; Path=/oauth/auth/login; HttpOnly; SameSite=Lax; Max-Age=3600",
    );
    expect(csrfCookie("t", { path: "/p", secure: true })).toMatch(/; Secure$/);
    expect(expiredCsrfCookie({ path: "/p", secure: false })).toContain("Max-Age=0");
  });
});

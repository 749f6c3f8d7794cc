import { describe, expect, it } from "vitest";
import { loginPath, safeCallbackPath, sameOriginPath } from "@/lib/portal/login-path";

describe("the login page's callback URL", () => {
  it("keeps paths of this site, query included", () => {
    expect(safeCallbackPath("/transactions?from=2026-01-01&page=2")).toBe("/transactions?from=2026-01-01&page=2");
    expect(safeCallbackPath("/profile")).toBe("/profile");
  });

  it("refuses anything that could leave the site or loop", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "account",
      "/login?callbackUrl=/x",
      "/api/auth/signout",
      undefined,
      42,
    ]) {
      expect(safeCallbackPath(value)).toBe("/account");
    }
  });

  it("refuses control characters and whitespace, which browsers drop or headers cannot carry", () => {
    for (const value of [
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\r\n/evil.example/",
      "/account\r\nSet-Cookie: x=1",
      "/ /evil.example/",
      "/\u0000/evil.example/",
      "/\u007f",
      "/\u0085/evil.example/",
      "/\u00a0/evil.example/",
      "/\u2028/evil.example/",
      "/transactions?from=2026 01 01",
    ]) {
      expect(safeCallbackPath(value), JSON.stringify(value)).toBe("/account");
    }
  });

  it("follows the path the URL parser makes of it, never one that resolves to another host", () => {
    expect(safeCallbackPath("/.//evil.example/")).toBe("/account");
    expect(safeCallbackPath("/x/..//evil.example/")).toBe("/account");
    expect(safeCallbackPath("/profile/../transactions?page=2#top")).toBe("/transactions?page=2");
    expect(safeCallbackPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeCallbackPath("/login/../transactions")).toBe("/transactions");
    expect(safeCallbackPath("/x/../login?callbackUrl=/x")).toBe("/account");
  });

  it("resolves against an origin and keeps only that origin's path and query", () => {
    const origin = "http://localhost:3000";
    expect(sameOriginPath("http://localhost:3000/transactions?page=2", origin)).toBe("/transactions?page=2");
    expect(sameOriginPath("/login?reason=signed-out", origin)).toBe("/login?reason=signed-out");
    for (const value of [
      "http://localhost:3001/account",
      "https://localhost:3000/account",
      "http://evil.example/",
      "//evil.example/",
      "/\t/evil.example/",
      "http://localhost:3000/\r\n",
      "/.//evil.example",
      "",
      null,
    ]) {
      expect(sameOriginPath(value, origin), JSON.stringify(value)).toBeUndefined();
    }
  });

  it("builds the login address with the page to come back to and the reason", () => {
    expect(loginPath("/transactions?page=2", "session-expired")).toBe(
      "/login?callbackUrl=%2Ftransactions%3Fpage%3D2&reason=session-expired",
    );
    expect(loginPath()).toBe("/login");
  });
});

import { describe, expect, it } from "vitest";
import { loginPath, safeCallbackPath } from "@/lib/portal/login-path";

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

  it("builds the login address with the page to come back to and the reason", () => {
    expect(loginPath("/transactions?page=2", "session-expired")).toBe(
      "/login?callbackUrl=%2Ftransactions%3Fpage%3D2&reason=session-expired",
    );
    expect(loginPath()).toBe("/login");
  });
});

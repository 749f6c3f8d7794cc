import { describe, expect, it } from "vitest";
import { OAuthError } from "@/server/loyalty/grant/oauth-error";
import { ensureWithinGrant, parseRequestedScope, scopeTokens } from "@/server/loyalty/grant/oauth-scopes";

function refusal(action: () => unknown): OAuthError {
  try {
    action();
  } catch (error) {
    if (error instanceof OAuthError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("OAuth scopes", () => {
  it("accepts the spec's eight values, space separated, without duplicates", () => {
    expect(parseRequestedScope("read write read")).toEqual(["read", "write"]);
    expect(
      parseRequestedScope(
        "read reset_password retrieve_account retrieve_membership contact_member reverse_transaction write retrieve_username",
      ),
    ).toHaveLength(8);
  });

  it("refuses unknown values with invalid_scope, echoing only the refused ones", () => {
    const error = refusal(() => parseRequestedScope("read fly READ"));
    expect(error.code).toBe("invalid_scope");
    expect(error.status).toBe(400);
    expect(error.options.scope).toBe("fly READ");
  });

  it("refuses a malformed list, echoing it whole", () => {
    for (const value of [" read", "read ", "read  write"]) {
      expect(refusal(() => parseRequestedScope(value)).options.scope).toBe(value);
    }
  });

  it("honours a narrower allowed list", () => {
    expect(parseRequestedScope("reset_password", ["reset_password", "retrieve_username"])).toEqual(["reset_password"]);
    expect(refusal(() => parseRequestedScope("read", ["reset_password"])).options.scope).toBe("read");
  });

  it("reads stored scopes, defaulting to read", () => {
    expect(scopeTokens(null)).toEqual(["read"]);
    expect(scopeTokens("")).toEqual(["read"]);
    expect(scopeTokens("read reverse_transaction")).toEqual(["read", "reverse_transaction"]);
  });

  it("allows a narrower scope and refuses a wider one", () => {
    expect(() => ensureWithinGrant(["read"], ["read", "write"])).not.toThrow();
    expect(refusal(() => ensureWithinGrant(["read", "write"], ["read"])).options.scope).toBe("write");
  });
});

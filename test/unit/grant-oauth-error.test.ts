import { describe, expect, it } from "vitest";
import { OAuthError, oauthErrorStatuses } from "@/server/loyalty/grant/oauth-error";
import { cleanDescription, oauthErrorBody, oauthErrorResponse } from "@/server/loyalty/grant/render-oauth-error";

describe("OAuth error rendering", () => {
  it("maps each code to the status of tables E2 and E3", () => {
    expect(oauthErrorStatuses).toEqual({
      invalid_request: 400,
      invalid_grant: 400,
      unauthorized_client: 400,
      unsupported_grant_type: 400,
      invalid_scope: 400,
      invalid_client: 401,
      unauthorized: 401,
      access_denied: 401,
      method_not_allowed: 405,
      server_error: 500,
      temporarily_unavailable: 500,
    });
  });

  it("keeps error_description to letters, digits, colon and space", () => {
    expect(cleanDescription("redirect_uri isn't valid: see https://x.example/a-b.")).toBe(
      "redirect uri isn t valid: see https: x example a b",
    );
    expect(cleanDescription("a  b\n\tc")).toBe("a b c");
    expect(oauthErrorBody(new OAuthError("invalid_request", "grant_type missing!"))).toEqual({
      error: "invalid_request",
      error_description: "grant type missing",
    });
  });

  it("leaves out an empty description and adds scope only when given", () => {
    expect(oauthErrorBody(new OAuthError("server_error"))).toEqual({ error: "server_error" });
    expect(oauthErrorBody(new OAuthError("invalid_scope", "scope not valid", { scope: "fly" }))).toEqual({
      error: "invalid_scope",
      error_description: "scope not valid",
      scope: "fly",
    });
  });

  it("answers JSON, not cacheable, with a Basic challenge on every 401 and the given headers", async () => {
    const unauthorised = oauthErrorResponse(new OAuthError("access_denied", "no"), "request-1");
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get("www-authenticate")).toBe('Basic realm="loyalty"');
    expect(unauthorised.headers.get("cache-control")).toBe("no-store");
    expect(unauthorised.headers.get("pragma")).toBe("no-cache");
    expect(unauthorised.headers.get("x-request-id")).toBe("request-1");
    expect(await unauthorised.json()).toEqual({ error: "access_denied", error_description: "no" });

    const notAllowed = oauthErrorResponse(
      new OAuthError("method_not_allowed", undefined, { headers: { Allow: "POST" } }),
      "r",
    );
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get("allow")).toBe("POST");
    expect(notAllowed.headers.get("www-authenticate")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { numericTokenId } from "@/server/loyalty/grant/numeric-token-id";
import { OAuthError } from "@/server/loyalty/grant/oauth-error";
import {
  hasBody,
  isFormContentType,
  readFormParameters,
  singleValuedParameters,
} from "@/server/loyalty/grant/request-parameters";

function formRequest(body: string, contentType = "application/x-www-form-urlencoded"): Request {
  return new Request("http://localhost/oauth/api/grant", {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
}

describe("token request parameters", () => {
  it("treats an empty value as omitted (RFC 6749 §3.1)", () => {
    expect(singleValuedParameters(new URLSearchParams("a=1&b=&c"))).toEqual({ a: "1" });
  });

  it("refuses a parameter sent twice, even with an empty value", () => {
    for (const query of ["a=1&a=2", "a=1&a=1", "a=&a=1"]) {
      expect(() => singleValuedParameters(new URLSearchParams(query))).toThrow(OAuthError);
    }
  });

  it("accepts the form media type in any case with parameters, and nothing else", () => {
    expect(isFormContentType("application/x-www-form-urlencoded")).toBe(true);
    expect(isFormContentType("APPLICATION/X-WWW-FORM-URLENCODED ; charset=utf-8")).toBe(true);
    for (const other of [null, "", "application/json", "multipart/form-data", "application/x-www-form-urlencodedx"]) {
      expect(isFormContentType(other)).toBe(false);
    }
  });

  it("reads a form body, decoding + and percent escapes", async () => {
    expect(await readFormParameters(formRequest("grant_type=client_credentials&scope=read+write&x=%3A"))).toEqual({
      grant_type: "client_credentials",
      scope: "read write",
      x: ":",
    });
  });

  it("refuses another media type and an oversized body with invalid_request", async () => {
    await expect(readFormParameters(formRequest("{}", "application/json"))).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(readFormParameters(formRequest(`a=${"x".repeat(20_000)}`))).rejects.toMatchObject({
      code: "invalid_request",
    });
  });

  it("tells whether a request has a body", async () => {
    expect(await hasBody(new Request("http://localhost/", { method: "POST" }))).toBe(false);
    expect(await hasBody(new Request("http://localhost/", { method: "POST", body: "" }))).toBe(false);
    expect(await hasBody(new Request("http://localhost/", { method: "POST", body: "x" }))).toBe(true);
  });
});

describe("numeric token ids", () => {
  it("are 20 digits without a leading zero, and differ", () => {
    const ids = Array.from({ length: 200 }, numericTokenId);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{19}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

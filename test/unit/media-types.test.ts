import { describe, expect, it } from "vitest";
import { acceptsJson, isJsonContentType } from "@/server/loyalty/http/media-types";

describe("acceptsJson", () => {
  it.each([
    null,
    "",
    "application/json",
    "APPLICATION/JSON",
    "*/*",
    "application/*",
    "text/html, application/json",
    "application/json; charset=utf-8",
    "application/json;q=0.1",
  ])("admits %j", (accept) => {
    expect(acceptsJson(accept)).toBe(true);
  });

  it.each([
    "text/html",
    "application/xml",
    "application/json;q=0",
    "text/*",
    "application/jsonx",
    "application/json;q=abc",
  ])("refuses %j", (accept) => {
    expect(acceptsJson(accept)).toBe(false);
  });
});

describe("isJsonContentType", () => {
  it("accepts application/json with parameters, in any case", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=UTF-8")).toBe(true);
  });

  it("refuses other and missing types", () => {
    expect(isJsonContentType(null)).toBe(false);
    expect(isJsonContentType("text/plain")).toBe(false);
    expect(isJsonContentType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonContentType("application/json-patch+json")).toBe(false);
  });
});

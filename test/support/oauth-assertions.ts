import { expect } from "vitest";
import { oauthErrorBodySchema, type OAuthErrorBody } from "@/lib/contract/oauth-error";
import type { RouteAnswer } from "./call-route";

/** Asserts a token service's refusal: status, OAuth error body, no caching, and the Basic challenge on 401. */
export function expectOAuthError(answer: RouteAnswer, status: number, error: string): OAuthErrorBody {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  const body = oauthErrorBodySchema.parse(answer.json);
  expect(body.error).toBe(error);
  if (status === 401) expect(answer.headers.get("www-authenticate")).toBe('Basic realm="loyalty"');
  return body;
}

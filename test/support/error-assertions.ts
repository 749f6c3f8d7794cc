import { expect } from "vitest";
import { errorBodySchema, wrappedErrorBodySchema, type ErrorBody } from "@/lib/contract/error-body";
import type { RouteAnswer } from "./call-route";

interface ExpectedError {
  status: number;
  code: string;
  childCode?: string;
  path?: string;
  shape: "flat" | "wrapped";
}

/** Asserts an answer is the spec's Error resource in the given shape, and returns its body. */
export function expectServiceError(answer: RouteAnswer, expected: ExpectedError): ErrorBody {
  expect(answer.status, answer.text).toBe(expected.status);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  const body =
    expected.shape === "wrapped"
      ? wrappedErrorBodySchema.strict().parse(answer.json).error
      : errorBodySchema.strict().parse(answer.json);
  expect(body.code).toBe(expected.code);
  expect(body.developerLink).toMatch(/^https?:\/\//);
  if (expected.childCode) {
    expect(body.childError?.map((child) => child.code)).toContain(expected.childCode);
  }
  if (expected.path) {
    expect(body.childError?.map((child) => child.path)).toContain(expected.path);
  }
  return body;
}

import { describe, expect, it } from "vitest";
import { uniqueViolationOf } from "@/server/db/unique-violation";

describe("uniqueViolationOf", () => {
  const driverError = Object.assign(new Error("duplicate key value violates unique constraint"), {
    code: "23505",
    constraint: "security_profiles_username_unique",
  });

  it("reads the driver's error (node-postgres and PGlite both carry code and constraint)", () => {
    expect(uniqueViolationOf(driverError)).toEqual({ constraint: "security_profiles_username_unique" });
  });

  it("reads it through the ORM's wrapper (cause)", () => {
    const wrapped = Object.assign(new Error("Failed query: insert ..."), { cause: driverError });
    expect(uniqueViolationOf(wrapped)).toEqual({ constraint: "security_profiles_username_unique" });
    expect(uniqueViolationOf(new Error("outer", { cause: wrapped }))).toEqual({
      constraint: "security_profiles_username_unique",
    });
  });

  it("reports a violation without a constraint name", () => {
    expect(uniqueViolationOf({ code: "23505" })).toEqual({ constraint: undefined });
  });

  it.each([
    ["another SQLSTATE", Object.assign(new Error("check"), { code: "23514" })],
    ["a plain error", new Error("boom")],
    ["not an error", "23505"],
    ["null", null],
  ])("ignores %s", (_label, error) => {
    expect(uniqueViolationOf(error)).toBeUndefined();
  });
});

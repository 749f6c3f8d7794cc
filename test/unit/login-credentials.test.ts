import { describe, expect, it } from "vitest";
import { credentialInputProblem } from "@/server/loyalty/login/check-credentials";
import { loginMessages } from "@/server/loyalty/login/login-messages";

describe("credentialInputProblem", () => {
  it("tells which field is blank, whitespace counting as blank", () => {
    expect(credentialInputProblem("", "")).toBe(loginMessages.blankUsernameAndPassword);
    expect(credentialInputProblem("  ", " ")).toBe(loginMessages.blankUsernameAndPassword);
    expect(credentialInputProblem("", "Sandbox#2026")).toBe(loginMessages.blankUsername);
    expect(credentialInputProblem("demo.member1", "")).toBe(loginMessages.blankPassword);
  });

  it.each(["demo.member1", "abc123", "a@b.c-d_e", "A".repeat(50), "  demo.member1  "])(
    "accepts the username %j",
    (username) => {
      expect(credentialInputProblem(username, "Sandbox#2026")).toBeUndefined();
    },
  );

  it.each([
    "abcde",
    "A".repeat(51),
    ".demo1",
    "demo1.",
    "-demo1",
    "demo1-",
    "@demo1",
    "demo1_",
    "demo$member",
    "demo member",
    "démo.member",
  ])("refuses the username %j as badly formatted", (username) => {
    expect(credentialInputProblem(username, "Sandbox#2026")).toBe(loginMessages.invalidFormat);
  });

  it.each([
    ["7 characters", "Abc#123", loginMessages.invalidFormat],
    ["21 characters", "A".repeat(21), loginMessages.invalidFormat],
    ["8 characters", "Abc#1234", undefined],
    ["20 characters", "A".repeat(20), undefined],
    ["20 accented letters", "é".repeat(20), undefined],
  ])("checks a password of %s", (_name, password, expected) => {
    expect(credentialInputProblem("demo.member1", password)).toBe(expected);
  });
});

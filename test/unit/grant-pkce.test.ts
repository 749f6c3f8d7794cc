import { describe, expect, it } from "vitest";
import { isWellFormedVerifier, verifierMatchesChallenge } from "@/server/loyalty/grant/pkce";

// RFC 7636 Appendix B.
const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("PKCE S256", () => {
  it("matches the RFC 7636 example", () => {
    expect(verifierMatchesChallenge(verifier, challenge)).toBe(true);
  });

  it("refuses another verifier, or a challenge of another length", () => {
    expect(verifierMatchesChallenge(`${verifier.slice(0, -1)}l`, challenge)).toBe(false);
    expect(verifierMatchesChallenge(verifier, challenge.slice(1))).toBe(false);
    expect(verifierMatchesChallenge(verifier, verifier)).toBe(false);
  });

  it("accepts 43 to 128 unreserved characters as a verifier", () => {
    expect(isWellFormedVerifier(verifier)).toBe(true);
    expect(isWellFormedVerifier("a".repeat(43))).toBe(true);
    expect(isWellFormedVerifier("a".repeat(128))).toBe(true);
    expect(isWellFormedVerifier("a".repeat(42))).toBe(false);
    expect(isWellFormedVerifier("a".repeat(129))).toBe(false);
    expect(isWellFormedVerifier(`${"a".repeat(42)}+`)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  isPrintableAscii,
  normaliseRegisteredIdentifier,
  normaliseSecurityResponse,
  toAsciiUpper,
} from "@/server/loyalty/members/ascii-upper";

describe("toAsciiUpper", () => {
  it.each([
    ["José", "JOSE"],
    ["Málaga", "MALAGA"],
    ["Çağrı", "CAGRI"],
    ["Straße", "STRASSE"],
    ["Æsir Øre Œuvre", "AESIR ORE OEUVRE"],
    ["Łódź", "LODZ"],
    ["Ðorđe", "DORDE"],
    ["Þór", "THOR"],
    ["ﬁnance", "FINANCE"],
    ["Ａｂｃ", "ABC"],
    ["O’Brien – Smith", "O'BRIEN - SMITH"],
    ["Núria García-Pérez", "NURIA GARCIA-PEREZ"],
    ["already UPPER 123 !#", "ALREADY UPPER 123 !#"],
  ])("%s → %s", (input, expected) => {
    const output = toAsciiUpper(input);
    expect(output).toBe(expected);
    expect(isPrintableAscii(output)).toBe(true);
  });

  it("keeps characters without an ASCII form, so callers can refuse rather than lose them", () => {
    expect(toAsciiUpper("東京")).toBe("東京");
    expect(isPrintableAscii(toAsciiUpper("東京"))).toBe(false);
  });

  it("is idempotent", () => {
    for (const value of ["José", "Straße", "Łódź"]) expect(toAsciiUpper(toAsciiUpper(value))).toBe(toAsciiUpper(value));
  });
});

describe("normalised secrets", () => {
  it("makes one security response of the ways a member may type it again", () => {
    expect(normaliseSecurityResponse("  josé   maría ")).toBe("JOSE MARIA");
    expect(normaliseSecurityResponse("JOSE MARIA")).toBe("JOSE MARIA");
  });

  it("trims and upper-cases a registered identifier", () => {
    expect(normaliseRegisteredIdentifier(" za-pässport-1 ")).toBe("ZA-PASSPORT-1");
  });
});

import { describe, expect, it } from "vitest";
import { errorCatalogue } from "@/lib/contract/error-catalogue";
import { developerLinkFor } from "@/server/loyalty/http/render-error";
import { anchorOf, catalogueEntries, documentedCodes } from "@/lib/docs/errors/catalogue";
import { errorDocs } from "@/lib/docs/errors/error-docs";
import { errorRecipes } from "@/lib/docs/errors/error-recipes";

describe("the error documentation", () => {
  it("follows the catalogue: every entry, no other", () => {
    expect(catalogueEntries.map((entry) => entry.name).sort()).toEqual(Object.keys(errorCatalogue).sort());
  });

  it("describes every catalogue entry (a new entry needs its scope and meaning in lib/docs/errors/error-docs.ts)", () => {
    const missing = catalogueEntries.filter((entry) => !errorDocs[entry.name]).map((entry) => entry.name);
    expect(missing).toEqual([]);
  });

  it("has a recipe for every entry, or says why none can reach it (lib/docs/errors/error-recipes.ts)", () => {
    const missing = catalogueEntries.filter((entry) => !errorRecipes[entry.name]).map((entry) => entry.name);
    expect(missing).toEqual([]);
    const unreachable = Object.entries(errorRecipes).filter(([, recipe]) => recipe?.kind === "unreachable");
    for (const [name, recipe] of unreachable) {
      expect(recipe?.kind === "unreachable" && recipe.reason.length, name).toBeGreaterThan(40);
    }
    // Unreachable is the exception: nearly every code can be shown. The two
    // Idempotency-Key conflicts need a second request on top of a first one.
    expect(unreachable.length).toBeLessThanOrEqual(10);
  });

  it("gives each code the anchor the service's developerLink points at", () => {
    for (const code of documentedCodes) {
      expect(developerLinkFor("http://sandbox.test", code.code)).toBe(
        `http://sandbox.test/docs/api/errors#${code.anchor}`,
      );
    }
    expect(anchorOf("REQUEST_INVALID")).toBe("request-invalid");
    const codes = new Set(documentedCodes.map((code) => code.code));
    for (const entry of catalogueEntries) {
      expect(codes.has(entry.code)).toBe(true);
      if (entry.childCode) expect(codes.has(entry.childCode)).toBe(true);
    }
  });
});

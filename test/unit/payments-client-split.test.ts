import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const importsOf = (file: string, folder = "lib/payments-client") =>
  [...readFileSync(`${folder}/${file}`, "utf8").matchAll(/from "([^"]+)"|import "([^"]+)"/g)].map((m) => m[1] ?? m[2]);

describe("lib/payments-client and lib/payments-contract", () => {
  it.each([
    ["lib/payments-client", "tokenise-card.ts"],
    ["lib/payments-client", "http.ts"],
    ["lib/payments-client", "errors.ts"],
    ["lib/payments-contract", "contract.ts"],
    ["lib/payments-contract", "card-rules.ts"],
    ["lib/payments-contract", "error-catalogue.ts"],
  ])("keeps %s/%s browser-safe: no server-only guard, no Node module, no server code", (folder, file) => {
    for (const specifier of importsOf(file, folder)) {
      expect(specifier).not.toBe("server-only");
      expect(specifier).not.toMatch(/^node:|^@\/server\//);
      if (specifier?.startsWith("./"))
        expect(importsOf(`${specifier.slice(2)}.ts`, folder)).not.toContain("server-only");
    }
  });

  it("marks the secret-key client server-only", () => {
    expect(importsOf("payments-client.ts")[0]).toBe("server-only");
  });
});

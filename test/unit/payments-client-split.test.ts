import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const source = (file: string) => readFileSync(`lib/payments-client/${file}`, "utf8");
const importsOf = (file: string) =>
  [...source(file).matchAll(/from "([^"]+)"|import "([^"]+)"/g)].map((m) => m[1] ?? m[2]);

describe("lib/payments-client", () => {
  it.each(["tokenise-card.ts", "contract.ts", "card-rules.ts", "error-catalogue.ts", "http.ts", "errors.ts"])(
    "keeps %s browser-safe: no server-only guard, no Node module, no server code",
    (file) => {
      for (const specifier of importsOf(file)) {
        expect(specifier).not.toBe("server-only");
        expect(specifier).not.toMatch(/^node:|^@\/server\//);
        if (specifier?.startsWith("./")) expect(importsOf(`${specifier.slice(2)}.ts`)).not.toContain("server-only");
      }
    },
  );

  it("marks the secret-key client server-only", () => {
    expect(importsOf("payments-client.ts")[0]).toBe("server-only");
  });
});

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { templateSources } from "../support/template-sources";
import { importClosure } from "../support/import-graph";

describe("the database template's key (a copy is never taken from a stale template)", () => {
  const sources = templateSources();

  it("covers every seeder in the tree, and every party's migrations and the sandbox", () => {
    const seeders = execFileSync("git", ["ls-files", "server", "lib"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /(^|\/)(seed-[^/]+|ensure-sandbox-seeded|seeded-[^/]+)\.ts$/.test(file));
    expect(seeders.length).toBeGreaterThan(5);
    expect(sources).toEqual(expect.arrayContaining(seeders));
    expect(sources).toEqual(
      expect.arrayContaining([
        "server/db/migrations",
        "server/portal/db/migrations",
        "server/payments/db/migrations",
        "sandbox.json",
      ]),
    );
  });
});

describe("importClosure", () => {
  const root = mkdtempSync(path.join(tmpdir(), "import-closure-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "esnext", moduleResolution: "bundler", paths: { "@/*": ["./*"] } },
    }),
    "entry.ts": `import { b } from "@/lib/b";\nexport const load = () => import("./lib/c");\nexport const a = b;\n`,
    "lib/b.ts": `import type { D } from "./d";\nexport const b: D = 1;\n`,
    "lib/c.ts": `export const c = 1;\n`,
    "lib/d.ts": `export type D = number;\n`,
    "lib/unreached.ts": `import { b } from "./b";\nexport const u = b;\n`,
    "entry.test.ts": `import { vi } from "vitest";\nvi.mock("./lib/unreached");\n`,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }

  it("follows value, type-only and dynamic imports from the entries, and nothing that does not import from them", () => {
    expect(importClosure(root, ["entry.ts"])).toEqual(["entry.ts", "lib/b.ts", "lib/c.ts", "lib/d.ts"]);
  });

  it("does not follow a test's mock", () => {
    expect(importClosure(root, ["entry.test.ts"])).toEqual(["entry.test.ts"]);
  });
});

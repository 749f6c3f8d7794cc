import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importCircles, importGraph, type ImportEdge } from "../support/import-graph";
import { ownersOf, readParties, type PartyMap } from "../support/parties";

/** The layers (README, Layout): which top folder may never import which. */
const forbidden: [from: string, to: string][] = [
  ["components", "server"],
  ["server", "components"],
  ["lib", "components"],
  ["lib", "server"],
  // Pages and routes are the top layer: nothing beneath them imports them.
  ...["components", "server", "lib"].flatMap((from): [string, string][] => [
    [from, "app"],
    [from, "pages"],
  ]),
];
const topFolder = (file: string) => file.split("/")[0];
const described = (edge: ImportEdge) => `${edge.from}:${edge.line} -> ${edge.to} (${edge.kind})`;
const crossings = (edges: readonly ImportEdge[]) =>
  edges
    .filter((edge) => forbidden.some(([from, to]) => topFolder(edge.from) === from && topFolder(edge.to) === to))
    .map(described);

/** Imports from one party's code into another's, or from the shared layer into a party's (parties.json). */
const partyCrossings = (map: PartyMap, edges: readonly ImportEdge[]) =>
  edges
    .filter((edge) => {
      const [from] = ownersOf(map, edge.from);
      const [to] = ownersOf(map, edge.to);
      return from !== undefined && to !== undefined && from !== to && to !== map.shared;
    })
    .map(described);

// A second opinion on what eslint.config.mjs enforces, with no code shared with eslint-plugin-import: it also sees
// what the lint rules leave out (a circle of type-only imports, a type query across a party's boundary).
describe("the tree's imports, read from the syntax tree", () => {
  const edges = importGraph(process.cwd());

  it("reads the tree (a sanity check: an empty graph would pass everything)", () => {
    expect(edges.length).toBeGreaterThan(2_000);
    expect([...new Set(edges.map((edge) => edge.kind))]).toEqual(expect.arrayContaining(["value", "type", "dynamic"]));
  });

  it("no file crosses a layer, whatever the kind of import", () => {
    expect(crossings(edges)).toEqual([]);
  });

  it("no circle of imports, type-only and dynamic ones included", () => {
    expect(importCircles(edges)).toEqual([]);
  });

  it("no party imports another's code, and the shared layer imports none, whatever the kind of import", () => {
    expect(partyCrossings(readParties(), edges)).toEqual([]);
  });
});

describe("the reader itself", () => {
  const root = mkdtempSync(path.join(tmpdir(), "import-graph-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "esnext", moduleResolution: "bundler", jsx: "react-jsx", paths: { "@/*": ["./*"] } },
    }),
    "server/secret.ts": `export const secret = 1;\nexport type Secret = number;\n`,
    "components/typed.tsx": `import type { Secret } from "@/server/secret";\nexport type T = Secret;\n`,
    "components/queried.ts": `export type Q = import("../server/secret").Secret;\n`,
    "components/loaded.ts": `export const load = () => import("@/server/secret");\n`,
    "components/passed.ts": `export { secret } from "@/server/secret";\n`,
    "lib/a.ts": `import type { B } from "./b";\nexport type A = { b?: B };\n`,
    "lib/b.ts": `import type { A } from "@/lib/a";\nexport type B = { a?: A };\n`,
    "lib/c.ts": `import { a } from "./d";\nexport const c = () => a;\n`,
    "lib/d.ts": `export const a = 1;\nexport const d = async () => (await import("./c")).c;\n`,
    "server/one/queried.ts": `export type Q = import("../two/owned").Owned;\n`,
    "server/two/owned.ts": `import type { Common } from "@/server/common/common";\nexport type Owned = Common;\n`,
    "server/common/common.ts": `export type Common = number;\n`,
    "server/common/reaching.ts": `export const load = () => import("../one/queried");\n`,
    "app/page.tsx": `export default function Page() {\n  return null;\n}\n`,
    "server/one/paged.ts": `export { default } from "@/app/page";\n`,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const edges = importGraph(
    root,
    Object.keys(files).filter((file) => file.endsWith(".ts") || file.endsWith(".tsx")),
  );

  it("sees a layer crossed by a type-only import, a type query, an import() and a re-export", () => {
    expect(crossings(edges)).toEqual([
      "components/typed.tsx:1 -> server/secret.ts (type)",
      "components/queried.ts:1 -> server/secret.ts (type-query)",
      "components/loaded.ts:1 -> server/secret.ts (dynamic)",
      "components/passed.ts:1 -> server/secret.ts (value)",
      "server/one/paged.ts:1 -> app/page.tsx (value)",
    ]);
  });

  it("sees a party's code reach another's by a type query, and the shared layer reach a party's by an import()", () => {
    const map: PartyMap = {
      parties: [
        { name: "one", meets: "", folders: ["server/one/**"] },
        { name: "two", meets: "", folders: ["server/two/**"] },
      ],
      shared: { name: "shared", meets: "", folders: ["server/common/**"] },
    };
    expect(partyCrossings(map, edges)).toEqual([
      "server/one/queried.ts:1 -> server/two/owned.ts (type-query)",
      "server/common/reaching.ts:1 -> server/one/queried.ts (dynamic)",
    ]);
  });

  it("finds a circle of type-only imports and one closed by an import()", () => {
    expect(importCircles(edges)).toEqual(
      expect.arrayContaining([
        ["lib/a.ts", "lib/b.ts"],
        ["lib/c.ts", "lib/d.ts"],
      ]),
    );
    expect(importCircles(edges)).toHaveLength(2);
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/import-graph";

/**
 * The layout map (docs/architecture.md, "## Layout") is a tree: indentation is nesting, an entry may be a path (`a/b/`), several may share a line
 * (`x/, y/`), and a description column starts at the 29th character. An entry names its folder; a mention `x/` or
 * `x/y/` in an entry's description names a folder below that entry.
 */
function namedFolders(doc: string): { named: Set<string>; mentions: [base: string, relative: string][] } {
  const block = doc.split("## Layout")[1]?.split("```")[1] ?? "";
  const named = new Set<string>();
  const mentions: [string, string][] = [];
  const stack: { indent: number; path: string }[] = [];
  let current: string[] = [];
  for (const line of block.split("\n")) {
    if (line.trim() === "") continue;
    const indent = line.length - line.trimStart().length;
    let description = line.trim();
    if (indent < 28) {
      const [names = "", rest = ""] = line.trim().split(/\s{2,}(.*)/s);
      description = rest;
      while (stack.length > 0 && stack.at(-1)!.indent >= indent) stack.pop();
      const parent = stack.at(-1)?.path ?? "";
      current = names
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name.endsWith("/"))
        .map((name) => parent + name);
      for (const path of current) named.add(path.replace(/\/$/, ""));
      if (current[0]) stack.push({ indent, path: current[0] });
    }
    for (const [match] of description.matchAll(/(?<![\w/@.`-])[\w()[\].-]+(?:\/[\w()[\].-]+)*\//g)) {
      const mention = match.startsWith("(") && !match.includes(")") ? match.slice(1) : match;
      if (current[0]) mentions.push([current[0].replace(/\/$/, ""), mention.replace(/\/$/, "")]);
    }
  }
  return { named, mentions };
}

describe("the layout map (docs/architecture.md)", () => {
  const architecture = readFileSync("docs/architecture.md", "utf8");

  it("names every folder of app/, components/, lib/ and server/ that holds source", () => {
    const folders = [
      ...new Set(
        sourceFiles(process.cwd())
          .filter((file) => /^(app|components|lib|server)\//.test(file) && /\.tsx?$/.test(file))
          .map((file) => file.slice(0, file.lastIndexOf("/"))),
      ),
    ];
    const { named, mentions } = namedFolders(architecture);
    const unnamed = folders.filter(
      (folder) => !named.has(folder) && !mentions.some(([base, relative]) => folder === `${base}/${relative}`),
    );
    expect(folders.length).toBeGreaterThan(100);
    expect(unnamed).toEqual([]);
  });

  it("reads a folder it does not name as unnamed (the reader is not blind)", () => {
    const { named, mentions } = namedFolders(
      "## Layout\n\n```\nserver/                     server code\n  db/                       the schema: schema/\n```\n",
    );
    expect([...named]).toEqual(["server", "server/db"]);
    expect(mentions).toEqual([["server/db", "schema"]]);
  });
});

/** The lines of a document, without the blank line its last newline would add. */
function linesOf(text: string): string[] {
  return text.trimEnd().split("\n");
}

describe("the README", () => {
  const readme = readFileSync("README.md", "utf8");

  it("fits in 150 lines, with the two commands and the curl after the first within its first 40", () => {
    expect(linesOf(readme).length).toBeLessThanOrEqual(150);
    const opening = linesOf(readme).slice(0, 40);
    const demo = opening.indexOf("npm run demo");
    const curl = opening.findIndex((line) => line.startsWith("curl 'http://localhost:3000/api/"));
    expect(demo).toBeGreaterThan(0);
    expect(curl).toBeGreaterThan(demo);
    expect(opening.indexOf("npm test")).toBeGreaterThan(curl);
  });

  it("names as its test command the one CI runs", () => {
    expect(readme).toContain("```sh\nnpm test\n```");
    expect(readFileSync(".ci/run", "utf8")).toMatch(/^npm test$/m);
  });

  it.each([
    "docs/README.md",
    "docs/glossary.md",
    "docs/decisions.md",
    "docs/checkout-states.md",
    "docs/testing.md",
    "docs/architecture.md",
  ])("links %s, which exists", (doc) => {
    expect(readme).toContain(`](${doc})`);
    expect(existsSync(doc)).toBe(true);
  });

  it("links only documents that exist", () => {
    const missing = [...readme.matchAll(/\]\(((?:docs\/)?[\w./-]+\.md)(?:#[\w-]+)?\)/g)]
      .map(([, target]) => target!)
      .filter((target) => !existsSync(target));
    expect(missing).toEqual([]);
  });
});

/** The documents a page of docs/ links: `[words](name.md)` or `[words](name.md#anchor)`. */
function linkedDocuments(page: string): Set<string> {
  return new Set([...page.matchAll(/\]\(([\w.-]+\.md)(?:#[\w-]+)?\)/g)].map(([, target]) => target!));
}

/** The repository paths a page names in code spans (`server/loyalty/ledger/`, `lib/contract/debit-currency.ts`). */
function namedPaths(page: string): string[] {
  const roots = "app|pages|components|lib|server|test|scripts|bench|messages";
  return [...page.matchAll(new RegExp(`\`((?:${roots})/[^\`*\\s]+)\``, "g"))].map(([, place]) => place!);
}

describe("the documents' index (docs/README.md)", () => {
  const index = readFileSync("docs/README.md", "utf8");

  it("links every document of docs/, and only documents that exist", () => {
    const documents = readdirSync("docs").filter((file) => file.endsWith(".md") && file !== "README.md");
    const linked = linkedDocuments(index);
    expect(documents.length).toBeGreaterThan(5);
    expect(documents.filter((document) => !linked.has(document))).toEqual([]);
    expect([...linked].filter((target) => !existsSync(`docs/${target}`))).toEqual([]);
  });

  it("names only files and folders that exist, in its map of the features", () => {
    const paths = namedPaths(index);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((place) => !existsSync(place))).toEqual([]);
  });

  it("reads links and paths as written (the reader is not blind)", () => {
    expect([...linkedDocuments("[a](a.md), [b](b.md#c), [site](https://x.example/)")]).toEqual(["a.md", "b.md"]);
    expect(namedPaths("`server/no-such/` and `test/api/*.test.ts`, `/docs/guides`, `lib/x.ts`")).toEqual([
      "server/no-such/",
      "lib/x.ts",
    ]);
  });
});

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a document's headings (code blocks left out). */
function anchorsOf(document: string): Set<string> {
  const prose = document.replace(/```[\s\S]*?```/g, "");
  return new Set([...prose.matchAll(/^#+\s+(.*)$/gm)].map(([, heading]) => anchorOf(heading!)));
}

describe("links between the documents", () => {
  const documents = ["README.md", ...readdirSync("docs").map((file) => `docs/${file}`)].filter((file) =>
    file.endsWith(".md"),
  );

  it("land on a heading that exists", () => {
    const broken: string[] = [];
    for (const document of documents) {
      for (const [link, target, anchor] of readFileSync(document, "utf8").matchAll(/\]\(([\w./-]*\.md)?#([\w-]+)\)/g)) {
        const file = target ? path.normalize(path.join(path.dirname(document), target)) : document;
        if (!existsSync(file) || !anchorsOf(readFileSync(file, "utf8")).has(anchor!))
          broken.push(`${document}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("makes anchors as GitHub does (the reader is not blind)", () => {
    expect([...anchorsOf("# Two modes: the sandbox and live\n```\n# not a heading\n```\n### A4's token (E3)")]).toEqual(
      ["two-modes-the-sandbox-and-live", "a4s-token-e3"],
    );
  });
});

describe("the spec's codes", () => {
  it("the glossary says what each of P1–P9, A1–A4 and E1–E11 is and where it lives", () => {
    const glossary = readFileSync("docs/glossary.md", "utf8");
    const tableFolders = ["", "lib/contract/", "server/loyalty/operations/", "test/api/"];
    const codes = [
      ...Array.from({ length: 9 }, (_, i) => `P${i + 1}`),
      ...Array.from({ length: 4 }, (_, i) => `A${i + 1}`),
      ...Array.from({ length: 11 }, (_, i) => `E${i + 1}`),
    ];
    for (const code of codes) {
      const row = glossary.split("\n").find((line) => line.startsWith(`| ${code} `));
      expect(row, code).toBeDefined();
      // A row says what the code is and where it lives: every file it names exists (paths are from the root, from
      // the folder the table's header names, or from a folder the row names).
      const places = [...row!.matchAll(/`([^`*]+\.ts)`/g)].map(([, place]) => place!);
      expect(places.length, code).toBeGreaterThan(0);
      const rowFolders = [...row!.matchAll(/`([^`]+\/)`/g)].map(([, folder]) => folder!);
      const missing = places.filter(
        (place) => ![...tableFolders, ...rowFolders].some((folder) => existsSync(folder + place)),
      );
      expect(missing, code).toEqual([]);
    }
  });
});

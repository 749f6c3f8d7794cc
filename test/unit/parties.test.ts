import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { folderPattern, inFolder, misplaced, ownersIn, readParties, type PartyMap } from "../support/parties";

/** Every file git knows of (tracked, or new and not ignored) under the folders the parties share out. */
const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "pages", "components", "lib", "server"],
  { encoding: "utf8" },
)
  .split("\n")
  .filter((file) => file !== "");

const map = readParties();

describe("who owns each folder (parties.json, read by eslint.config.mjs)", () => {
  it("reads the tree (a sanity check: an empty list would pass everything)", () => {
    expect(files.length).toBeGreaterThan(500);
    expect(map.parties.map((party) => party.name)).toEqual([
      "the loyalty service",
      "the partner portal",
      "the payments sandbox",
    ]);
  });

  it("gives every file of app/, pages/, components/, lib/ and server/ to exactly one party or to the shared layer", () => {
    expect(misplaced(map, files)).toEqual([]);
  });

  it("reports a file that belongs to none, and one that belongs to two", () => {
    expect(misplaced(map, ["server/nowhere/new-file.ts", "app/new-area/page.tsx"])).toEqual([
      { file: "server/nowhere/new-file.ts", owners: [] },
      { file: "app/new-area/page.tsx", owners: [] },
    ]);
    const twice: PartyMap = {
      ...map,
      shared: { ...map.shared, folders: [...map.shared.folders, "server/loyalty/ledger/**"] },
    };
    expect(misplaced(twice, files)).toEqual(
      expect.arrayContaining([
        { file: "server/loyalty/ledger/debit-account.ts", owners: ["the loyalty service", "the shared layer"] },
      ]),
    );
    expect(misplaced(twice, files).every(({ file }) => file.startsWith("server/loyalty/ledger/"))).toBe(true);
  });

  it("tells apart the files directly in a folder (dir/*) from those under it (dir/**)", () => {
    const rootFiles: PartyMap = {
      parties: [{ name: "top", meets: "", folders: ["app/*"] }],
      shared: { name: "shared", meets: "", folders: ["app/docs/**"] },
    };
    expect(misplaced(rootFiles, ["app/layout.tsx", "app/docs/page.tsx", "app/docs/api/errors/page.tsx"])).toEqual([]);
    expect(misplaced(rootFiles, ["app/login/page.tsx"])).toEqual([{ file: "app/login/page.tsx", owners: [] }]);
  });

  it("names only folders that exist and hold files, as dir/** or dir/*, each once", () => {
    const patterns = ownersIn(map).flatMap((owner) => owner.folders);
    expect(new Set(patterns).size).toBe(patterns.length);
    // The two forms ESLint's globs and this test read alike: no other glob character in the folder's name.
    for (const pattern of patterns) expect(pattern).toMatch(folderPattern);
    const dead = patterns.filter((pattern) => !files.some((file) => inFolder(pattern, file)));
    expect(dead).toEqual([]);
    // And a pattern of a folder that is gone is seen as such.
    expect(files.some((file) => inFolder("app/shop/**", file))).toBe(false);
  });

  it("says for each party how the others reach it, for the linter's message", () => {
    for (const owner of ownersIn(map)) expect(owner.meets.length, owner.name).toBeGreaterThan(20);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";

/** A party, or the shared layer: its name, how the others reach it, and the folders it owns. */
export interface Owner {
  name: string;
  meets: string;
  folders: string[];
}

/** parties.json: the three parties, and the shared layer that belongs to none of them. */
export interface PartyMap {
  parties: Owner[];
  shared: Owner;
}

/** The tree's own map (the one eslint.config.mjs reads). */
export function readParties(root = process.cwd()): PartyMap {
  return JSON.parse(readFileSync(path.join(root, "parties.json"), "utf8")) as PartyMap;
}

/** The parties and the shared layer, one list. */
export const ownersIn = (map: PartyMap): Owner[] => [...map.parties, map.shared];

/**
 * A folder as parties.json writes it, `dir/**` (everything under dir) or `dir/*` (the files directly in dir): the
 * two forms ESLint's glob matching and this test read alike, with no other glob character in `dir`.
 */
export const folderPattern = /^[A-Za-z0-9()._-]+(\/[A-Za-z0-9()._-]+)*\/\*\*?$/;

/** The folder a pattern names, without its `/**` or `/*`. */
export const folderOf = (pattern: string): string => pattern.replace(/\/\*\*?$/, "");

/** Whether `file` (a path from the root) lies in the folder `pattern` names. */
export function inFolder(pattern: string, file: string): boolean {
  const folder = folderOf(pattern);
  if (!file.startsWith(`${folder}/`)) return false;
  return pattern.endsWith("/**") || !file.slice(folder.length + 1).includes("/");
}

/** Who owns `file`: exactly one owner for a file the map places, none or several for one it does not. */
export function ownersOf(map: PartyMap, file: string): Owner[] {
  return ownersIn(map).filter((owner) => owner.folders.some((pattern) => inFolder(pattern, file)));
}

/** The files that belong to none or to more than one owner, each with the names of its owners. */
export function misplaced(map: PartyMap, files: readonly string[]): { file: string; owners: string[] }[] {
  return files
    .map((file) => ({ file, owners: ownersOf(map, file).map((owner) => owner.name) }))
    .filter(({ owners }) => owners.length !== 1);
}

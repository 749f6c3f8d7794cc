import { errorCatalogue, type ErrorDefinition, type ErrorName } from "@/lib/contract/error-catalogue";

export type { ErrorName } from "@/lib/contract/error-catalogue";

/**
 * The service's error catalogue as documentation reads it. The catalogue is
 * plain data (codes, statuses, messages: no secrets), imported here and only
 * here, so the docs follow every entry added to it.
 */
export interface CatalogueEntry {
  name: ErrorName;
  status: number;
  code: string;
  childCode?: string;
  message: string;
  /** Always wrapped in `error`, whatever the operation's shape. */
  gateway: boolean;
}

export const catalogueEntries: readonly CatalogueEntry[] = (
  Object.entries(errorCatalogue) as [ErrorName, ErrorDefinition][]
).map(([name, definition]) => ({
  name,
  status: definition.status,
  code: definition.code,
  ...(definition.childCode ? { childCode: definition.childCode } : {}),
  message: definition.message,
  gateway: definition.gateway === true,
}));

export function catalogueEntry(name: ErrorName): CatalogueEntry {
  const entry = catalogueEntries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no catalogue entry ${name}`);
  return entry;
}

/** The fragment of `developerLink` for a code: lower case, hyphens for underscores. */
export function anchorOf(code: string): string {
  return code.toLowerCase().replaceAll("_", "-");
}

/** One code the service answers with (as `code` or as a child's `code`) and the entries that use it. */
export interface DocumentedCode {
  code: string;
  anchor: string;
  asCode: CatalogueEntry[];
  asChild: CatalogueEntry[];
}

/** Every code a `developerLink` can point at, alphabetically. */
export const documentedCodes: readonly DocumentedCode[] = [
  ...new Set(catalogueEntries.flatMap((entry) => (entry.childCode ? [entry.code, entry.childCode] : [entry.code]))),
]
  .sort()
  .map((code) => ({
    code,
    anchor: anchorOf(code),
    asCode: catalogueEntries.filter((entry) => entry.code === code),
    asChild: catalogueEntries.filter((entry) => entry.childCode === code),
  }));

/** The page that describes a code in full: the catalogue loads one code at a time (each page stays small). */
export function codePagePath(code: string): string {
  return `/docs/api/errors/${anchorOf(code)}`;
}

/** The code whose anchor this is, if any. */
export function documentedCodeOfAnchor(anchor: string): DocumentedCode | undefined {
  return documentedCodes.find((code) => code.anchor === anchor);
}

/** One line of the error catalogue's list, as its filter reads it. */
export interface CatalogueLine {
  code: string;
  /** The line's id: where a `developerLink`'s fragment lands. */
  anchor: string;
  href: string;
  statuses: number[];
  message: string;
}

/**
 * The lines a filter keeps: every word typed must appear in the code or its message (case and `_` or space
 * ignored, so "balance insufficient" finds BALANCE_INSUFFICIENT), and the status, when one is chosen, must be one
 * the code is answered with.
 */
export function filterCatalogue(lines: readonly CatalogueLine[], text: string, status?: number): CatalogueLine[] {
  const normalise = (value: string) => value.toLowerCase().replaceAll("_", " ");
  const words = normalise(text).split(/\s+/).filter(Boolean);
  return lines.filter((line) => {
    if (status !== undefined && !line.statuses.includes(status)) return false;
    const haystack = normalise(`${line.code} ${line.message}`);
    return words.every((word) => haystack.includes(word));
  });
}

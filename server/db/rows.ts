/** Rows of a raw `execute` result, whichever driver produced it (node-postgres gives `{ rows }`, PGlite too, some an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

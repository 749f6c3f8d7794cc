/** Identifier → database id. */
export type IdMap = Map<string, number>;

export function idOf(ids: IdMap, key: string, what: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Sandbox names an unknown ${what}: ${key}`);
  return id;
}

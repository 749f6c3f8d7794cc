import fc from "fast-check";

/**
 * Breaking a valid request in one to three places, for property tests of
 * what a service answers to the requests a half-finished integration or an
 * attacker sends: a value replaced by a hostile or random one, a key removed,
 * a key added. Hostile text carries `marker`, which no error may repeat.
 */
export const marker = "zq7echo";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every place in a JSON value, the root ([]) included. */
function pathsOf(value: Json, at: Path = []): Path[] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(value.flatMap((item, index) => pathsOf(item, [...at, index])));
  if (value !== null && typeof value === "object")
    return here.concat(Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key])));
  return here;
}

type Mutation =
  | { kind: "replace"; pick: number; value: Json }
  | { kind: "delete"; pick: number }
  | { kind: "add"; pick: number; key: string; value: Json };

export const hostileText = fc.constantFrom(
  `<script>alert('${marker}')</script>`,
  `${marker}'; DROP TABLE loyalty.members; --`,
  `${marker}\r\nX-Injected: yes`,
  `\u0000${marker}\u202e`,
  `${marker}`.repeat(300),
  `😀${marker}`,
  "",
  " ",
  "9".repeat(40),
  "-1",
  "1e309",
  "NaN",
  "2026-02-30T25:61:00Z",
);
const value: fc.Arbitrary<Json> = fc.oneof(
  hostileText,
  fc.constantFrom<Json>(null, true, 0, -1, 1e21, Number.MAX_SAFE_INTEGER, 0.5, [], {}),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(), value }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("add" as const),
    pick: fc.nat(),
    // A plain identifier ("extra") may be named back as an unknown element; other text never is.
    key: fc.constantFrom("__proto__", "constructor", "prototype", "extra", `<b>${marker}</b>`, `${marker} call 0800`),
    value,
  }),
);
export const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 });

function parentAndKey(root: Json, path: Path): { parent: Json; key: string | number } | undefined {
  if (path.length === 0) return undefined;
  let parent = root;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[step] as Json;
  return { parent, key: path[path.length - 1]! };
}

/** The body with the mutations applied in turn (each picks among the places of the body as it is by then). */
export function mutated(body: Json, changes: Mutation[]): Json {
  let result = structuredClone(body);
  for (const change of changes) {
    const paths = pathsOf(result);
    const path = paths[change.pick % paths.length]!;
    const target = parentAndKey(result, path);
    if (change.kind === "replace") {
      // A copy: the generators hand out the same constant objects ([] and {}) to many runs.
      if (!target) result = structuredClone(change.value);
      else (target.parent as Record<string | number, Json>)[target.key] = structuredClone(change.value);
    } else if (change.kind === "delete") {
      if (!target) result = null;
      else if (Array.isArray(target.parent)) target.parent.splice(Number(target.key), 1);
      else delete (target.parent as Record<string, Json>)[target.key];
    } else {
      const node = target ? (target.parent as Record<string | number, Json>)[target.key] : result;
      // An own property, even for "__proto__", as JSON.parse makes it.
      if (node !== null && typeof node === "object" && !Array.isArray(node))
        Object.defineProperty(node, change.key, {
          value: structuredClone(change.value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }
  return result;
}

type FormChange =
  | { kind: "replace"; pick: number; value: string }
  | { kind: "delete"; pick: number }
  | { kind: "add"; key: string; value: string };

const formValue = fc.oneof(hostileText, fc.string({ maxLength: 40 }));

/** Changes to a form (key and value pairs, a key may come twice): the same three kinds, on text. */
export const formChanges = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(), value: formValue }),
    fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant("add" as const),
      key: fc.constantFrom(
        "grant_type",
        "code",
        "scope",
        "redirect_uri",
        "refresh_token",
        "token",
        "extra",
        `<b>${marker}</b>`,
      ),
      value: formValue,
    }),
  ),
  { minLength: 1, maxLength: 3 },
);

/** The form with the changes applied in turn, url-encoded. */
export function mutatedForm(form: Record<string, string>, changes: FormChange[]): string {
  const pairs = Object.entries(form);
  for (const change of changes) {
    if (change.kind === "add") pairs.push([change.key, change.value]);
    else if (pairs.length === 0) continue;
    else if (change.kind === "delete") pairs.splice(change.pick % pairs.length, 1);
    else pairs[change.pick % pairs.length]![1] = change.value;
  }
  return new URLSearchParams(pairs).toString();
}

import { isSecretName, redactText } from "@/lib/developers/redact-body";

/**
 * The query parameters the partner operations document: none of them can be
 * a secret, so the log keeps their values (membership numbers and dates help
 * a partner tell its requests apart).
 */
const keptParameters = new Set([
  "location-identifier",
  "membership-identifier",
  "fields",
  "start-record",
  "end-record",
  "date-made-from",
  "date-made-to",
]);

/** A name that may stand for a credential, in any spelling: its value and the name itself are left out. */
const secretLookingName = /key|secret|token|pass|auth|sig|session|code|credential|bearer|jwt/i;
const plainName = /^[A-Za-z0-9_.-]{1,40}$/;

export const maxLoggedPathLength = 600;
const maxValueLength = 100;
export const removedValue = "[removed]";

/**
 * The path of a request as the request log keeps it: the path as received,
 * and of the query only what cannot be a secret. Documented parameters keep
 * their values; any other plain name is kept with its value replaced (so a
 * misspelt `Start-Record` still shows); `api_key` and any name that looks
 * like a credential, or is not a plain name, are dropped altogether. The
 * path itself loses any `api_key=` value and the key sent, should it repeat them.
 */
export function loggedPath(url: URL): string {
  // The key sent, wherever else the request repeats it (a path segment, a kept value), is masked too.
  const keys = url.searchParams.getAll("api_key");
  const kept: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (keptParameters.has(name))
      kept.push(`${name}=${encodeURIComponent(redactText(value, keys).slice(0, maxValueLength))}`);
    else if (plainName.test(name) && !secretLookingName.test(name) && !isSecretName(name))
      kept.push(`${name}=${removedValue}`);
  }
  const pathname = redactText(url.pathname, keys);
  const path = kept.length > 0 ? `${pathname}?${kept.join("&")}` : pathname;
  return path.length > maxLoggedPathLength ? `${path.slice(0, maxLoggedPathLength - 1)}…` : path;
}

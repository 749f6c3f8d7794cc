/**
 * A zod issue path in the syntax of the service's childError paths
 * (`a.b[0].c`), so a form maps client-side issues, its server action's
 * field errors and the service's refusals through one table.
 */
export function contractPath(path: readonly PropertyKey[]): string {
  let rendered = "";
  for (const segment of path) {
    if (typeof segment === "number") rendered += `[${segment}]`;
    else rendered += rendered === "" ? String(segment) : `.${String(segment)}`;
  }
  return rendered;
}

/** The contract's messages are written for developers in lower case ("the postcode is..."); a form shows sentences. */
export function sentence(message: string): string {
  const trimmed = message.trim();
  if (trimmed === "") return trimmed;
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The one rule every form's field errors follow, whichever party's form it
 * is: each issue is keyed by its path (contractPath: names joined by ".",
 * list positions in brackets), the first message per field wins, written
 * as a sentence. An issue about the input as a whole (an empty path) is no
 * field's: the form's own message speaks for it (only a tampered post,
 * not of the form's shape at all, has one).
 */
export function fieldErrorsOf(issues: readonly Issue[]): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.path.length > 0) fieldErrors[contractPath(issue.path)] ??= sentence(issue.message);
  }
  return fieldErrors;
}

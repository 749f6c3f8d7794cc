/**
 * A zod issue path in the syntax of the service's childError paths
 * (`a.b[0].c`), so a form maps client-side issues and server refusals
 * through one table.
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

/** Issues of a contract schema as messages by path (the first per path), the shape the service's refusals take. */
export function messagesByPath(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const path = contractPath(issue.path);
    messages[path] ??= sentence(issue.message);
  }
  return messages;
}

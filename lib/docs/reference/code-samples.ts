import { shellQuote } from "@/lib/docs/curl";
import type { OperationView, SchemeView } from "./operation-view";
import { bodyText } from "./try-it";

/**
 * Values the samples and the try-it fill in, by security scheme key: an
 * apiKey scheme's key, a basic scheme's `user:password`. The sandbox's are
 * public (sandbox.json); a bearer token is never known in advance.
 */
export type SchemeCredentials = Record<string, string>;

/** The shell variable a sample uses for a bearer token: `memberToken` → `$MEMBER_TOKEN`. */
export function tokenVariable(scheme: Pick<SchemeView, "key">): string {
  return `$${scheme.key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toUpperCase()}`;
}

/** The schemes of the first (simplest) way of authenticating: what a sample sends. */
export function sampleSchemes(view: OperationView): SchemeView[] {
  const first = view.security.requirements[0] ?? [];
  return first.flatMap(({ key }) => view.security.schemes.filter((scheme) => scheme.key === key));
}

/**
 * A curl command for the operation as documented: the example values of
 * its path parameters, its required query parameters and headers (examples,
 * or `<name>` where the document has none), the sample credentials, and
 * the body's first example.
 */
export function curlSample(view: OperationView, origin: string, credentials: SchemeCredentials): string {
  const placeholder = (name: string) => `<${name}>`;
  let path = view.path;
  const query: [string, string][] = [];
  const headers: string[] = [];
  let user: string | undefined;
  for (const scheme of sampleSchemes(view)) {
    const value = credentials[scheme.key];
    if (scheme.kind === "apiKey" && scheme.parameterName) {
      const key = value ?? placeholder(scheme.parameterName);
      if (scheme.in === "query") query.push([scheme.parameterName, key]);
      else if (scheme.in === "header") headers.push(shellQuote(`${scheme.parameterName}: ${key}`));
    } else if (scheme.kind === "bearer") {
      // Double quotes: the shell expands the token's variable.
      headers.push(`"Authorization: Bearer ${tokenVariable(scheme)}"`);
    } else if (scheme.kind === "basic") {
      user = value ?? "<client_id>:<secret>";
    }
  }
  for (const parameter of view.parameters) {
    const value = parameter.example ?? parameter.options?.[0] ?? placeholder(parameter.name);
    if (parameter.location === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (!parameter.required) continue;
    else if (parameter.location === "query") query.push([parameter.name, value]);
    else if (parameter.location === "header") headers.push(shellQuote(`${parameter.name}: ${value}`));
  }
  const url = new URL(path, origin);
  // Spaces as %20, not +: the same in a path-like reading and in a query.
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  const lines = [
    `curl -i -X ${view.method.toUpperCase()} ${shellQuote(`${url.origin}${url.pathname}${search ? `?${search}` : ""}`)}`,
  ];
  if (user) lines.push(`-u ${shellQuote(user)}`);
  for (const header of headers) lines.push(`-H ${header}`);
  const body = view.requestBody;
  const example = body?.examples[0];
  if (body && example) {
    if (body.mediaType === "application/x-www-form-urlencoded" && typeof example.value === "object" && example.value) {
      for (const [name, value] of Object.entries(example.value))
        lines.push(`--data-urlencode ${shellQuote(`${name}=${String(value)}`)}`);
    } else {
      lines.push(`-H ${shellQuote(`Content-Type: ${body.mediaType}`)}`);
      lines.push(`--data ${shellQuote(bodyText(body, example.value))}`);
    }
  }
  return lines.join(" \\\n  ");
}

import type { RecipeRequest } from "@/lib/docs/errors/recipe-types";
import { sandboxApiKey } from "./sandbox-values";

/** Single-quoted for a POSIX shell: safe whatever the value holds. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The URL a recipe request goes to, api_key first (as the spec's examples write it). */
export function requestUrl(origin: string, request: RecipeRequest): string {
  const url = new URL(request.path, origin);
  const apiKey = request.apiKey === undefined ? sandboxApiKey : request.apiKey;
  if (apiKey !== null) url.searchParams.set("api_key", apiKey);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** The headers a recipe request carries, the member token as `tokenValue` (a shell variable in docs, the token in tests). */
export function requestHeaders(request: RecipeRequest, tokenValue?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (request.memberToken && tokenValue !== undefined) headers.Authorization = `Bearer ${tokenValue}`;
  return { ...headers, ...request.headers };
}

/** A copyable curl command for a request; `$MEMBER_TOKEN` stands for the member's access token. */
export function curlCommand(origin: string, request: RecipeRequest): string {
  const lines = [`curl -i -X ${request.method} ${shellQuote(requestUrl(origin, request))}`];
  for (const [name, value] of Object.entries(requestHeaders(request, "$MEMBER_TOKEN"))) {
    // Double quotes only where the shell must expand the token variable.
    lines.push(value.includes("$MEMBER_TOKEN") ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (request.body !== undefined) lines.push(`--data ${shellQuote(JSON.stringify(request.body))}`);
  return lines.join(" \\\n  ");
}

import type { z } from "zod";
import { OAuthError, type OAuthErrorCode } from "./oauth-error";
import type { RequestParameters } from "./request-parameters";

/**
 * Parses token-request parameters with a zod object schema. A missing
 * parameter is invalid_request; a malformed one is invalid_request unless
 * `refusals` names another code for it (a malformed code is invalid_grant).
 * The first failing parameter, in schema order, decides.
 */
export function parseParameters<Schema extends z.ZodObject>(
  schema: Schema,
  parameters: RequestParameters,
  refusals: Partial<Record<string, OAuthErrorCode>> = {},
): z.infer<Schema> {
  const result = schema.safeParse(parameters);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const name = String(issue?.path[0] ?? "");
  if (parameters[name] === undefined) throw new OAuthError("invalid_request", `${parameterWords(name)} missing`);
  throw new OAuthError(refusals[name] ?? "invalid_request", issue?.message ?? `${parameterWords(name)} not valid`);
}

/** `redirect_uri` → `redirect uri`: descriptions may not hold underscores. */
export function parameterWords(name: string): string {
  return name.replaceAll(/[_-]/g, " ");
}

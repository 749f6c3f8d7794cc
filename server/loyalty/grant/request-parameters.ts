import { bodyText, maxFormBodyBytes, readBodyWithin } from "@/server/loyalty/http/read-body";
import { OAuthError } from "./oauth-error";

export type RequestParameters = Readonly<Record<string, string>>;

/**
 * One value per parameter name. RFC 6749 §3.1 and §3.2: a parameter sent
 * without a value counts as omitted, and none may be sent twice.
 */
export function singleValuedParameters(search: URLSearchParams): RequestParameters {
  const parameters: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of search) {
    if (seen.has(name)) {
      // Only a plain parameter name is repeated back, never arbitrary text.
      const named = /^[a-z_]{1,40}$/.test(name) ? `: ${name}` : "";
      throw new OAuthError("invalid_request", `parameter sent more than once${named}`);
    }
    seen.add(name);
    if (value !== "") parameters[name] = value;
  }
  return parameters;
}

/** A2's only accepted media type; parameters such as `charset` are allowed. */
export function isFormContentType(contentType: string | null): boolean {
  const [mediaType = ""] = (contentType ?? "").split(";");
  return mediaType.trim().toLowerCase() === "application/x-www-form-urlencoded";
}

/** The grant service's form parameters (A2: application/x-www-form-urlencoded only). */
export async function readFormParameters(request: Request): Promise<RequestParameters> {
  if (!isFormContentType(request.headers.get("content-type"))) {
    throw new OAuthError("invalid_request", "content type must be application x www form urlencoded");
  }
  const body = await readBodyWithin(request, maxFormBodyBytes);
  if (!body.ok) {
    throw new OAuthError("invalid_request", `request body too large: at most ${maxFormBodyBytes} bytes`, {
      status: 413,
    });
  }
  return singleValuedParameters(new URLSearchParams(bodyText(body.bytes)));
}

/** Does the request carry a non-empty body? (A4 takes none.) Reads one chunk at most. */
export async function hasBody(request: Request): Promise<boolean> {
  if (request.body === null) return false;
  const reader = request.body.getReader();
  try {
    const { done, value } = await reader.read();
    return !done && value.length > 0;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

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
    if (seen.has(name)) throw new OAuthError("invalid_request", `parameter sent more than once: ${name}`);
    seen.add(name);
    if (value !== "") parameters[name] = value;
  }
  return parameters;
}

/** Larger than any legitimate token request. */
const maxFormBytes = 16 * 1024;

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
  const bytes = await readAtMost(request, maxFormBytes + 1);
  if (bytes.length > maxFormBytes) throw new OAuthError("invalid_request", "request body too large");
  return singleValuedParameters(new URLSearchParams(new TextDecoder().decode(bytes)));
}

/** Does the request carry a non-empty body? (A4 takes none.) */
export async function hasBody(request: Request): Promise<boolean> {
  return (await readAtMost(request, 1)).length > 0;
}

/** Reads the body up to `limit` bytes, so an oversized one is not held in memory. */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array> {
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

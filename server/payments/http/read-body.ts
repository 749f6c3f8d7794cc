import { maxBodyBytes } from "@/lib/payments-contract/contract";
import { PaymentsError } from "../payments-error";

/** `application/json`, with or without parameters such as charset, in any case. */
function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/json\s*(;|$)/i.test(contentType.trim());
}

/**
 * The request's JSON body, read at most `maxBodyBytes` far: a declared or
 * streamed body above the cap is refused before it is parsed. An absent
 * body is `undefined` when `optional`.
 */
export async function readJsonBody(request: Request, options: { optional?: boolean } = {}): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBodyBytes) throw new PaymentsError("body_too_large");
  const text = await readCapped(request);
  if (text.trim() === "" && options.optional) return undefined;
  if (!isJson(request.headers.get("content-type"))) throw new PaymentsError("unsupported_media_type");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PaymentsError("invalid_json");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new PaymentsError("invalid_json");
  return parsed;
}

async function readCapped(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PaymentsError("body_too_large");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new PaymentsError("invalid_json");
  }
}

import type { z } from "zod";
import { parseErrorBody } from "@/lib/contract/error-body";
import { formatIdempotencyKey, idempotencyKeyHeader } from "@/lib/contract/idempotency-key";
import { LoyaltyApiError, LoyaltyContractError, LoyaltyUnavailableError } from "./errors";
import { callDeadline } from "@/lib/http/call-deadline";

export interface CallContext {
  /** The member's access token, sent as `Authorization: Bearer`. */
  accessToken?: string;
  /** The end customer's IP address (X-Forwarded-For). */
  customerIp?: string;
  /** The staff member acting (X-Agent-Id), for offline channels. */
  agentId?: string;
  /**
   * `Idempotency-Key` for credit, debit and reverse: derive it from what the
   * call stands for (an order's step), so a retry after a timeout or a crash
   * gets the first answer instead of moving points twice.
   */
  idempotencyKey?: string;
  /**
   * Told of every answer (status and the service's X-Request-Id) before it
   * is parsed, success or refusal, so a caller can record which request
   * did what (the checkout's timeline) without the client changing shape.
   */
  onAnswer?: (answer: RemoteAnswer) => void;
}

/** What a caller may keep of one answer: never a token or a body. */
export interface RemoteAnswer {
  status: number;
  requestId: string | null;
}

export interface PartnerCall<Schema extends z.ZodType | undefined> {
  method: "GET" | "POST" | "PATCH";
  /** Path under {base_url}, starting with the version, e.g. `/v2/programmes/NORTHSTAR/accounts/1`. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  context?: CallContext;
  /** Schema of the success body; undefined for empty responses (201/204). */
  responseSchema: Schema;
}

export interface HttpSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const ipAddress = /^[0-9a-fA-F:.]+$/;

/**
 * One call to a partner operation: api_key, token and customer headers,
 * a timeout, and every answer checked against the contract. Success bodies
 * are validated; refusals become LoyaltyApiError; anything else is a
 * LoyaltyContractError, so a misbehaving provider never passes as data.
 */
export async function callPartnerOperation<Schema extends z.ZodType | undefined>(
  settings: HttpSettings,
  call: PartnerCall<Schema>,
): Promise<Schema extends z.ZodType ? z.output<Schema> : undefined> {
  const url = new URL(`${settings.baseUrl.replace(/\/$/, "")}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  url.searchParams.set("api_key", settings.apiKey);

  const headers: Record<string, string> = { Accept: "application/json", ...call.headers };
  if (call.body !== undefined) headers["Content-Type"] = "application/json";
  if (call.context?.accessToken) headers.Authorization = `Bearer ${call.context.accessToken}`;
  if (call.context?.customerIp && ipAddress.test(call.context.customerIp))
    headers["X-Forwarded-For"] = call.context.customerIp;
  if (call.context?.agentId) headers["X-Agent-Id"] = call.context.agentId.replace(/[^A-Za-z0-9]/g, "").slice(0, 50);
  if (call.context?.idempotencyKey !== undefined)
    headers[idempotencyKeyHeader] = formatIdempotencyKey(call.context.idempotencyKey);

  const deadline = callDeadline(settings.timeoutMs);
  let response: Response;
  let text: string;
  try {
    try {
      response = await (settings.fetch ?? fetch)(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: deadline.signal,
        cache: "no-store",
      });
    } catch (error) {
      throw new LoyaltyUnavailableError(`The loyalty service did not answer ${call.method} ${url.pathname}`, {
        cause: error,
      });
    }
    call.context?.onAnswer?.({ status: response.status, requestId: response.headers.get("X-Request-Id") });
    text = await response.text();
  } finally {
    deadline.end();
  }
  const json = parseJson(text);
  if (!response.ok) {
    const errorBody = parseErrorBody(json);
    if (!errorBody)
      throw new LoyaltyContractError(`HTTP ${response.status} without the spec's error body`, response.status);
    throw new LoyaltyApiError(response.status, errorBody);
  }
  if (!call.responseSchema) return undefined as never;
  const parsed = call.responseSchema.safeParse(json);
  if (!parsed.success) {
    throw new LoyaltyContractError(
      `The answer to ${call.method} ${url.pathname} breaks the contract: ${parsed.error.message}`,
      response.status,
    );
  }
  return parsed.data as never;
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

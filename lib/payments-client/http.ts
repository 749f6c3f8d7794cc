import { paymentsErrorBodySchema, type PaymentsErrorObject } from "@/lib/payments-contract/contract";
import { callDeadline } from "@/lib/http/call-deadline";

/** What came back from one call: a status and a body, or nothing at all. */
export type Exchange =
  | { kind: "answered"; status: number; headers: Headers; json: unknown; error: PaymentsErrorObject | undefined }
  | { kind: "no-answer"; reason: "timeout" | "network"; detail: string };

export interface ExchangeRequest {
  url: string;
  method: "GET" | "POST";
  key: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * One HTTP call to the payments API, shared by the server client and the
 * browser's tokeniser: the key as a bearer token, a timeout, and the body
 * read as JSON with the error shape recognised. Never throws: a timeout or
 * a network failure is an answer of its own, for the caller to judge.
 */
export async function exchange(request: ExchangeRequest): Promise<Exchange> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    Authorization: `Bearer ${request.key}`,
    ...request.headers,
  };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  const deadline = callDeadline(request.timeoutMs);
  const signal = deadline.signal;
  try {
    const response = await (request.fetch ?? fetch)(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
      cache: "no-store",
    });
    const text = await response.text();
    const json = parseJson(text);
    const error = response.ok ? undefined : paymentsErrorBodySchema.safeParse(json).data?.error;
    return { kind: "answered", status: response.status, headers: response.headers, json, error };
  } catch (error) {
    const timedOut = signal.aborted;
    return {
      kind: "no-answer",
      reason: timedOut ? "timeout" : "network",
      detail: timedOut
        ? `no answer within ${request.timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : "the request failed",
    };
  } finally {
    deadline.end();
  }
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{baseUrl}/v1/...`, whatever slash the base URL ends with. */
export function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/v1${path}`;
}

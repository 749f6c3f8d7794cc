import { loggedOperationId, operationTitle } from "@/lib/contract/operation-names";
import { checklistItems, type ChecklistItemId } from "./checklist-items";

/** A request of the partner's request log, as the checklist reads it (staging rows only). */
export interface LoggedCall {
  requestId: string;
  operation: string;
  method: string;
  path: string;
  status: number;
  errorCode?: string | null;
  /** The `X-Sandbox-Scenario` that forced the answer. */
  scenario?: string | null;
  requestedAt: Date;
  /** Kept request headers (Idempotency-Key). */
  requestHeaders?: Record<string, string> | null;
  /** Kept answer headers (Retry-After, Idempotent-Replayed). */
  responseHeaders?: Record<string, string> | null;
  /** A1's and A2's details: client, redirect URI, grant type. */
  details?: Record<string, string> | null;
}

/** One attempt of a webhook delivery answered by the partner's endpoint. */
export interface DeliveredAttempt {
  eventId: string;
  eventType: string;
  test: boolean;
  endpointUrl: string;
  /** The endpoint is the sandbox's built-in receiver. */
  builtInReceiver: boolean;
  attemptedAt: Date;
  statusCode: number;
  /** Made for a replay (its number), absent for the first run. */
  replay?: number;
}

/** What ticked a row: a request of the log, or a delivery. */
export type ChecklistEvidence =
  | {
      kind: "request";
      requestId: string;
      /** The operation as the docs name it (lib/contract/operation-names.ts). */
      operation: string;
      method: string;
      path: string;
      status: number;
      at: string;
      /** What about it counted, in words. */
      note: string;
    }
  | {
      kind: "delivery";
      eventId: string;
      eventType: string;
      endpointUrl: string;
      status: number;
      at: string;
      note: string;
    };

export interface ChecklistRow {
  id: ChecklistItemId;
  title: string;
  detail: string;
  guide: { href: string; label: string };
  ticked: boolean;
  evidence?: ChecklistEvidence;
}

const success = (call: LoggedCall) => call.status >= 200 && call.status < 300;
const header = (headers: Record<string, string> | null | undefined, name: string) =>
  headers ? Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] : undefined;
const idempotencyKey = (call: LoggedCall) => header(call.requestHeaders, "Idempotency-Key");
const replayed = (call: LoggedCall) => header(call.responseHeaders, "Idempotent-Replayed") === "true";

function requestEvidence(call: LoggedCall, note: string): ChecklistEvidence {
  const id = loggedOperationId(call.operation, call.path);
  return {
    kind: "request",
    requestId: call.requestId,
    operation: id ? operationTitle(id) : call.operation,
    method: call.method,
    path: call.path,
    status: call.status,
    at: call.requestedAt.toISOString(),
    note,
  };
}

function deliveryEvidence(attempt: DeliveredAttempt, note: string): ChecklistEvidence {
  const where = attempt.builtInReceiver ? "the sandbox's built-in receiver" : "your endpoint";
  return {
    kind: "delivery",
    eventId: attempt.eventId,
    eventType: attempt.eventType,
    endpointUrl: attempt.endpointUrl,
    status: attempt.statusCode,
    at: attempt.attemptedAt.toISOString(),
    note: `${note}, answered ${attempt.statusCode} by ${where}${attempt.test ? " (a test event)" : ""}`,
  };
}

/** The first request of the page `start-record` asks for above 1. */
function asksLaterPage(path: string): boolean {
  const query = path.split("?")[1];
  if (!query) return false;
  const start = new URLSearchParams(query).get("start-record");
  return start !== null && /^[0-9]+$/.test(start) && Number(start) > 1;
}

type Finder = (calls: readonly LoggedCall[], attempts: readonly DeliveredAttempt[]) => ChecklistEvidence | undefined;

/** How each row is ticked: the earliest evidence in the log (calls oldest first), or none. */
const finders: Record<ChecklistItemId, Finder> = {
  "member-login": (calls) => {
    const call = calls.find((c) => c.operation === "member-login" && c.status === 302 && !c.errorCode);
    return (
      call && requestEvidence(call, `Redirected to ${call.details?.redirectUri ?? "your redirect URI"} with a code`)
    );
  },
  token: (calls) => {
    const call = calls.find((c) => c.operation === "grant-token" && c.status === 200);
    return call && requestEvidence(call, `Token issued to ${call.details?.clientId ?? "your client"}`);
  },
  account: (calls) => {
    const call = calls.find((c) => c.operation === "retrieve-account" && success(c));
    return call && requestEvidence(call, "Account read");
  },
  "transactions-paging": (calls) => {
    const call = calls.find((c) => c.operation === "retrieve-transactions" && success(c) && asksLaterPage(c.path));
    return call && requestEvidence(call, "A later page of transactions read");
  },
  "price-then-debit": (calls) => {
    const priced = calls.findIndex((c) => c.operation === "retrieve-product-prices" && success(c));
    if (priced < 0) return undefined;
    const call = calls
      .slice(priced + 1)
      .find((c) => c.operation === "debit-currency" && success(c) && idempotencyKey(c) && !replayed(c));
    return call && requestEvidence(call, "Debit with an Idempotency-Key, after a pricing");
  },
  "debit-replay": (calls) => {
    const call = calls.find((c) => c.operation === "debit-currency" && success(c) && replayed(c));
    return call && requestEvidence(call, "The first answer replayed for the same Idempotency-Key");
  },
  reversal: (calls) => {
    const call = calls.find((c) => c.operation === "reverse-transaction" && success(c));
    return call && requestEvidence(call, "Debit reversed");
  },
  "reversal-refused": (calls) => {
    const call = calls.find(
      (c) => c.operation === "reverse-transaction" && c.errorCode === "REVERSAL_NO_LONGER_PERMITTED" && !c.scenario,
    );
    return call && requestEvidence(call, "Reversal refused: the window had passed");
  },
  "rate-limit": (calls) => {
    for (const [index, call] of calls.entries()) {
      if (call.status !== 429) continue;
      const next = calls[index + 1];
      if (!next) continue;
      const seconds = Number(header(call.responseHeaders, "Retry-After") ?? "1");
      const waited = next.requestedAt.getTime() - call.requestedAt.getTime();
      if (Number.isFinite(seconds) && waited >= seconds * 1000) {
        return requestEvidence(next, `Sent ${(waited / 1000).toFixed(1)} s after a 429 that said to wait ${seconds} s`);
      }
    }
    return undefined;
  },
  "unavailable-retry": (calls) => {
    for (const [index, forced] of calls.entries()) {
      const key = idempotencyKey(forced);
      if (forced.scenario !== "SYSTEM_UNAVAILABLE" || !key) continue;
      const retry = calls
        .slice(index + 1)
        .find((c) => c.operation === forced.operation && !c.scenario && success(c) && idempotencyKey(c) === key);
      if (retry) return requestEvidence(retry, `Retried with the same Idempotency-Key after SYSTEM_UNAVAILABLE`);
    }
    return undefined;
  },
  "event-received": (_calls, attempts) => {
    const attempt = attempts.find((a) => a.replay === undefined);
    return attempt && deliveryEvidence(attempt, `${attempt.eventType} delivered`);
  },
  "event-replay-received": (_calls, attempts) => {
    const attempt = attempts.find((a) => a.replay !== undefined);
    return attempt && deliveryEvidence(attempt, `${attempt.eventType} replayed`);
  },
};

/**
 * The go-live checklist of a partner: each row ticked by the earliest request or delivery that shows it. `calls`
 * and `attempts` need not be sorted; only 2xx attempts count as delivered.
 */
export function evaluateChecklist(calls: readonly LoggedCall[], attempts: readonly DeliveredAttempt[]): ChecklistRow[] {
  const ordered = [...calls].sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime());
  const answered = [...attempts]
    .filter((attempt) => attempt.statusCode >= 200 && attempt.statusCode < 300)
    .sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime());
  return checklistItems.map((item) => {
    const evidence = finders[item.id](ordered, answered);
    return { ...item, ticked: evidence !== undefined, ...(evidence ? { evidence } : {}) };
  });
}

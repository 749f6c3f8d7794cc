import "server-only";
import { idempotencyKeyMaxLength, parseIdempotencyKey } from "@/lib/contract/idempotency-key";
import type { Database } from "@/server/loyalty/db/loyalty-database";
import type { Transaction } from "@/server/loyalty/ledger/ledger-tables";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import type { IdempotencyClaim } from "@/server/loyalty/idempotency/idempotency-claim";
import { claimIdempotencyKey } from "@/server/loyalty/idempotency/claim-idempotency-key";
import { releaseIdempotencyKey } from "@/server/loyalty/idempotency/release-idempotency-key";
import { requestFingerprint } from "@/server/loyalty/idempotency/request-fingerprint";
import type { AuthenticatedMember } from "./member-token";
import { invalid, ServiceError } from "./service-error";
import type { RequestHeaders } from "./partner-request";

/**
 * What this module reads of an operation's context and answers: the parts of
 * partner-operation.ts's OperationContext and OperationResult it needs, named
 * here so that the wrapper imports this module and not the other way round.
 */
interface IdempotentContext {
  request: RequestHeaders;
  params: Record<string, string>;
  partner: Pick<Partner, "id">;
  db: Database;
  body: unknown;
  member?: AuthenticatedMember;
  idempotencyClaim?: IdempotencyClaim;
}
interface OperationAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An operation that honours `Idempotency-Key`: its successes are journal entries, answered again from them. */
export interface IdempotencyOption<Context extends IdempotentContext> {
  /** The first success's answer, rebuilt from the journal entry its request made. */
  replay(context: Context, entry: Transaction): Promise<OperationAnswer>;
}

/** The refusal for a request whose claim on its key was taken over while it ran. */
export function idempotencyClaimLost(): ServiceError {
  return new ServiceError("IDEMPOTENCY_KEY_IN_PROGRESS", {
    developerMessage: "This request's Idempotency-Key was taken over by a retry; retry to get its answer.",
    headers: { "Retry-After": "1" },
  });
}

/**
 * What a key stands for: the operation, its path, the member acting and the
 * parsed body (so a key cannot carry one member's answer to another).
 */
export function idempotentRequestFingerprint(
  operationName: string,
  request: { params: Record<string, string>; member?: { membershipNumber: string }; body: unknown },
): string {
  return requestFingerprint({
    operation: operationName,
    params: request.params,
    member: request.member?.membershipNumber ?? null,
    body: request.body,
  });
}

/**
 * Runs an operation under the request's `Idempotency-Key`, if it sent one:
 * the first request with a key runs and its movement completes the key; the
 * same request again gets the first answer with `Idempotent-Replayed: true`;
 * another request with the key is refused (422), and so is one that arrives
 * while the first still runs (409). A request that moves nothing frees its
 * key. `beforeReplay` runs the checks a replay must pass that the operation
 * itself would have made (a debit's token revocation).
 */
export async function runWithIdempotencyKey<Context extends IdempotentContext>(
  context: Context,
  operationName: string,
  option: IdempotencyOption<Context>,
  handle: (context: Context) => Promise<OperationAnswer>,
  beforeReplay?: () => Promise<void>,
): Promise<OperationAnswer> {
  const header = context.request.headers.get("idempotency-key");
  if (header === null) return handle(context);
  const key = parseIdempotencyKey(header.trim());
  if (key === undefined) {
    throw invalid(
      "IDEMPOTENCY_KEY_INVALID",
      undefined,
      `Idempotency-Key must be 1 to ${idempotencyKeyMaxLength} printable ASCII characters: a bare token (no spaces, quotes, commas or backslashes) or a quoted string, e.g. "8e03978e-40d5-43e8-bc93-6894a57f9324".`,
    );
  }

  const fingerprint = idempotentRequestFingerprint(operationName, context);
  const state = await claimIdempotencyKey(context.db, {
    partnerId: context.partner.id,
    key,
    operation: operationName,
    fingerprint,
  });
  switch (state.state) {
    case "reused":
      throw new ServiceError("IDEMPOTENCY_KEY_REUSED", {
        developerMessage: "This Idempotency-Key was first sent with another operation, path, member or body.",
      });
    case "in-progress":
      throw new ServiceError("IDEMPOTENCY_KEY_IN_PROGRESS", { headers: { "Retry-After": "1" } });
    case "completed": {
      await beforeReplay?.();
      const answer = await option.replay(context, state.entry);
      return { ...answer, headers: { ...answer.headers, "Idempotent-Replayed": "true" } };
    }
    case "claimed":
      try {
        return await handle({ ...context, idempotencyClaim: state.claim });
      } catch (error) {
        // Nothing moved (a movement completes the key, and is then not released). If the
        // release fails too, the claim's lease runs out and frees the key all the same.
        await releaseIdempotencyKey(context.db, state.claim).catch(() => undefined);
        throw error;
      }
  }
}

import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { isRefusal, refusal, type ActionRefusal, type ActionResult } from "@/lib/actions/action-result";
import { messagesByPath } from "@/lib/portal/forms/contract-path";
import { logger } from "@/server/observability/logger";
import { tracedAction } from "@/server/observability/tracing";
import { getMemberSession, requireMemberSession, type MemberSession } from "@/server/portal/auth/member-session";
import { fromThisSite } from "@/server/http/from-this-site";
import { hitClientRateLimit, waitInWords } from "@/server/portal/rate-limit/client-rate-limit";
import type { RateLimitRule } from "@/server/portal/rate-limit/rate-limit-rule";

export interface MemberActionDefinition<Schema extends z.ZodType, Reason extends string> {
  /** What the logs call it. */
  name: string;
  /**
   * `answer`: a signed-out member is answered `signedOut` (the page says so
   * and keeps what was typed); `redirect`: sent to log in, as a member page
   * would; `none`: the action comes before there is a member (registration).
   */
  session: "answer" | "redirect" | "none";
  /** Parsed here, whatever the browser checked: anyone can post to an action. */
  input: Schema;
  /** A limit each submission counts against, by the client's address (registration), and what is said past it. */
  rateLimit?: { rule: () => RateLimitRule; message: (wait: string) => string };
  /** The words of the answers the wrapper gives itself, in the member's terms. */
  refusals: {
    /** With `session: "answer"`. */
    signedOut?: { message: string; reason?: Reason };
    /** The input does not parse; `fieldErrors: true` keys the schema's messages by path for the form. */
    invalid: { message: string; reason?: Reason; fieldErrors?: boolean };
    /** Something failed that the member cannot mend (logged with a reference). */
    unavailable: { message: string; reason?: Reason };
  };
}

export interface MemberActionContext<Input> {
  input: Input;
  /** The signed-in member; null only for `session: "none"`. */
  member: MemberSession | null;
  requestId: string;
}

/**
 * The ONE wrapper of the member's server actions (as staffAction is the
 * console's), and of the one staff action that comes before a staff
 * session (signing in, `session: "none"`): the request must come from
 * this site (Origin, besides Next.js's own check), carry the session the
 * action needs (the member comes from it, never from the browser), stay
 * within its rate limit and parse against the shared schema; only then
 * does the handler run. Every answer is an ActionResult; a failure the
 * handler does not word itself is logged and answered in the member's
 * words, never as a stack.
 */
export function memberAction<Schema extends z.ZodType, T, Reason extends string = never>(
  definition: MemberActionDefinition<Schema, Reason>,
  handler: (context: MemberActionContext<z.output<Schema>>) => Promise<T | ActionRefusal<Reason>>,
): (input: z.input<Schema>) => Promise<ActionResult<T, Reason>> {
  const { refusals } = definition;
  return tracedAction("member", definition.name, async (requestId, raw: z.input<Schema>) => {
    if (!(await fromThisSite())) {
      logger.warn({ action: definition.name, requestId }, "member action refused: not posted from this site");
      return refusal("forbidden", "This request did not come from this site. Reload the page and try again.", {
        reference: requestId,
      });
    }

    let member: MemberSession | null = null;
    if (definition.session === "redirect") member = await requireMemberSession();
    if (definition.session === "answer") {
      member = await getMemberSession();
      if (!member) {
        const { message, reason } = refusals.signedOut ?? { message: "Your session has ended. Sign in again." };
        return refusal("unauthenticated", message, reason ? { reason } : {});
      }
    }

    if (definition.rateLimit) {
      const limit = await hitClientRateLimit(definition.rateLimit.rule());
      if (!limit.allowed) return refusal("refused", definition.rateLimit.message(waitInWords(limit.retryAfterSeconds)));
    }

    const parsed = definition.input.safeParse(raw);
    if (!parsed.success) {
      const { message, reason, fieldErrors } = refusals.invalid;
      return refusal("invalid", message, {
        ...(reason ? { reason } : {}),
        ...(fieldErrors ? { fieldErrors: messagesByPath(parsed.error.issues) } : {}),
      });
    }

    try {
      const answer = await handler({ input: parsed.data, member, requestId });
      if (isRefusal<Reason>(answer)) return answer;
      return { ok: true, data: answer };
    } catch (error) {
      // Next.js's redirect and notFound are control flow, not failures.
      unstable_rethrow(error);
      logger.error({ action: definition.name, requestId, err: error }, "member action failed");
      const { message, reason } = refusals.unavailable;
      return refusal("unavailable", message, { ...(reason ? { reason } : {}), reference: requestId });
    }
  });
}

import "server-only";
import type { z } from "zod";
import { refusal, type ActionRefusal, type ActionResult } from "@/lib/actions/action-result";
import { serverAction, type SessionKind } from "@/server/actions/server-action";
import { getMemberSession, requireMemberSession, type MemberSession } from "@/server/portal/auth/member-session";
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
  /** The words of the answers the builder gives itself, in the member's terms. */
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

const memberSessions: SessionKind<MemberSession> = { find: getMemberSession, require: requireMemberSession };

/**
 * The member's server actions, and the one staff action that comes before a
 * staff session (signing in, `session: "none"`): the one builder
 * (server/actions/server-action.ts) with the member's session, the
 * client's rate limit and the member's words for each refusal.
 */
export function memberAction<Schema extends z.ZodType, T, Reason extends string = never>(
  definition: MemberActionDefinition<Schema, Reason>,
  handler: (context: MemberActionContext<z.output<Schema>>) => Promise<T | ActionRefusal<Reason>>,
): (input: z.input<Schema>) => Promise<ActionResult<T, Reason>> {
  const { refusals, rateLimit } = definition;
  const withReason = (reason: Reason | undefined) => (reason === undefined ? {} : { reason });
  return serverAction<z.input<Schema>, Schema, MemberSession, typeof definition.session, T, Reason>(
    {
      surface: "member",
      name: definition.name,
      foreignOrigin: "This request did not come from this site. Reload the page and try again.",
      session: {
        mode: definition.session,
        kind: memberSessions,
        signedOut: refusal(
          "unauthenticated",
          refusals.signedOut?.message ?? "Your session has ended. Sign in again.",
          withReason(refusals.signedOut?.reason),
        ),
      },
      ...(rateLimit && {
        rateLimit: async () => {
          const limit = await hitClientRateLimit(rateLimit.rule());
          return limit.allowed
            ? undefined
            : refusal("refused", rateLimit.message(waitInWords(limit.retryAfterSeconds)));
        },
      }),
      input: definition.input,
      invalid: refusals.invalid,
      unexpected: (reference) =>
        refusal("unavailable", refusals.unavailable.message, { ...withReason(refusals.unavailable.reason), reference }),
    },
    ({ input, session, requestId }) => handler({ input, member: session, requestId }),
  );
}

import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { isRefusal, refusal, type ActionRefusal, type ActionResult } from "@/lib/actions/action-result";
import { fieldErrorsOf } from "@/lib/forms/field-errors";
import { fromThisSite } from "@/server/http/from-this-site";
import { logger } from "@/server/observability/logger";
import { tracedAction, type ActionKind } from "@/server/observability/tracing";

/**
 * `redirect`: without a session, sent to sign in, as a page would;
 * `answer`: answered `unauthenticated` (the form keeps what was typed);
 * `none`: the action comes before there is a session (sign-in, registration).
 */
export type SessionMode = "redirect" | "answer" | "none";

/** How a party finds its signed-in user: the shared layer knows none of them, so each party passes its own. */
export interface SessionKind<Session> {
  /** This request's session, or none. */
  find(): Promise<Session | null | undefined>;
  /** This request's session, or a redirect to sign in (thrown, as Next.js's redirect is). */
  require(): Promise<Session>;
}

/** The session a handler receives: none for `session: "none"`, else the signed-in user. */
export type SessionOf<Mode extends SessionMode, Session> = Mode extends "none" ? null : Session;

type Issue = z.core.$ZodIssue;

/** What an input that does not parse is answered. */
export interface InvalidInput<Reason extends string> {
  /**
   * The refusal's message: fixed words, or the first issue's own message
   * (the default), or a function of it.
   */
  message?: string | ((issue: Issue) => string);
  reason?: Reason;
  /**
   * Whether the refusal carries the field errors (fieldErrorsOf, the one
   * rule), for forms that show errors beside their fields; its message is
   * then the form's own ("Some details need correcting." unless set).
   */
  fieldErrors?: boolean;
}

/** What a surface adds around the handler where an action is audited, and the check once it succeeded. */
export interface Audit<Extra> {
  context: Extra;
  /** Runs after the handler succeeded; throwing turns the success into a failure (an action that did not record itself). */
  settle(): void;
}

export interface ActionSteps<
  Raw,
  Schema extends z.ZodType,
  Session,
  Mode extends SessionMode,
  Extra,
  Reason extends string,
> {
  /** What the logs and the action's span call the surface and the action. */
  surface: ActionKind;
  name: string;
  /** 1. The deployment's own refusal (live mode has no developer console): before anything of the request is read. */
  guard?: () => ActionRefusal<Reason> | undefined;
  /** 2. The words of a post that did not come from this site. */
  foreignOrigin: string;
  /** 3. The session the action needs; `signedOut` answers `session: "answer"` without one. */
  session: { mode: Mode; kind?: SessionKind<Session>; signedOut?: ActionRefusal<Reason> };
  /** 4. What the session may do (a role's permission, a sandbox of one's own). */
  allow?: (
    session: SessionOf<Mode, Session>,
    requestId: string,
  ) => ActionRefusal<Reason> | undefined | Promise<ActionRefusal<Reason> | undefined>;
  /** 5. A limit each submission counts against, and its refusal past it. */
  rateLimit?: () => Promise<ActionRefusal<Reason> | undefined>;
  /** 6. The posted value as plain values for the schema (FormData is not typed); the value itself by default. */
  read?: (raw: Raw) => unknown;
  input: Schema;
  invalid: InvalidInput<Reason>;
  /** 7. Audit where asked: context the handler records through, and the check after it succeeded. */
  audit?: (opened: {
    session: SessionOf<Mode, Session>;
    input: z.output<Schema>;
    requestId: string;
  }) => Promise<Audit<Extra>>;
  /** 8. The surface's own failures as refusals (a busy service, a refusal the domain worded); others fall through. */
  onError?: (error: unknown, requestId: string) => ActionRefusal<Reason> | undefined;
  /** A failure nobody worded, logged with the reference; by default `failed`, to quote to support. */
  unexpected?: (reference: string) => ActionRefusal<Reason>;
  /** Who acted, for the log line of a failure. */
  actor?: (session: SessionOf<Mode, Session>) => Record<string, unknown>;
  /** Whether every refusal carries the request id (the staff console quotes it beside its audit trail). */
  referenceEveryRefusal?: boolean;
}

export type ActionContext<Input, Session, Mode extends SessionMode, Extra> = Extra & {
  input: Input;
  session: SessionOf<Mode, Session>;
  requestId: string;
};

/**
 * The ONE builder of every server action: the member's, the staff
 * console's and the developer console's are three configurations of it
 * (server/portal/member-action.ts, server/portal/staff/staff-action.ts,
 * server/loyalty/developers/developer-action.ts). The steps run in this
 * order, and each refusal ends the run before the next step reads
 * anything: the deployment's guard; the Origin (this site's, besides
 * Next.js's own check); the session (the user comes from it, never from
 * the form) and what it may do; the rate limit; the input, parsed against
 * its schema whatever the browser checked, its issues answered by the one
 * field-error rule; then the handler, inside the audit where one is asked.
 * Every answer is an ActionResult. A failure the handler does not word is
 * mapped by the surface's onError, or logged with a reference and answered
 * in plain words, never as a stack; Next.js's redirect and notFound pass
 * through as the control flow they are.
 */
export function serverAction<
  Raw,
  Schema extends z.ZodType,
  Session,
  Mode extends SessionMode,
  T,
  Reason extends string = never,
  Extra extends object = object,
>(
  steps: ActionSteps<Raw, Schema, Session, Mode, Extra, Reason>,
  handler: (context: ActionContext<z.output<Schema>, Session, Mode, Extra>) => Promise<T | ActionRefusal<Reason>>,
): (raw: Raw) => Promise<ActionResult<T, Reason>> {
  const refused = (what: string) => `${steps.surface} action refused: ${what}`;
  // The action's span wraps every step, so a refusal's code is its outcome too; it gives the request id.
  return tracedAction(steps.surface, steps.name, async (requestId, raw: Raw): Promise<ActionResult<T, Reason>> => {
    const log = { action: steps.name, requestId };
    const answer = (given: ActionRefusal<Reason>): ActionRefusal<Reason> =>
      steps.referenceEveryRefusal && given.reference === undefined ? { ...given, reference: requestId } : given;

    const guarded = steps.guard?.();
    if (guarded) {
      logger.warn(log, refused(guarded.message));
      return answer(guarded);
    }

    if (!(await fromThisSite())) {
      logger.warn(log, refused("not posted from this site"));
      return answer(refusal("forbidden", steps.foreignOrigin, { reference: requestId }));
    }

    const session = (await sessionOf(steps.session)) as SessionOf<Mode, Session> | undefined;
    if (session === undefined) {
      return answer(
        steps.session.signedOut ?? refusal<Reason>("unauthenticated", "Your session has ended. Sign in again."),
      );
    }
    const forbidden = await steps.allow?.(session, requestId);
    if (forbidden) return answer(forbidden);

    const limited = await steps.rateLimit?.();
    if (limited) return answer(limited);

    const parsed = steps.input.safeParse(steps.read ? steps.read(raw) : raw);
    if (!parsed.success) return answer(invalidAnswer(parsed.error.issues, steps.invalid));

    try {
      const audit = await steps.audit?.({ session, input: parsed.data, requestId });
      const context = { ...(audit?.context as Extra), input: parsed.data, session, requestId };
      const result = await handler(context);
      if (isRefusal<Reason>(result)) return answer(result);
      audit?.settle();
      return { ok: true, data: result };
    } catch (error) {
      unstable_rethrow(error);
      const worded = steps.onError?.(error, requestId);
      if (worded) return answer(worded);
      logger.error({ ...log, ...steps.actor?.(session), err: error }, `${steps.surface} action failed`);
      return answer(
        steps.unexpected?.(requestId) ??
          refusal("failed", `Something went wrong. Quote reference ${requestId} to support.`, {
            reference: requestId,
          }),
      );
    }
  });
}

/** The session for the action's mode: null for `none`, undefined when `answer` finds nobody. */
async function sessionOf<Session>(step: {
  mode: SessionMode;
  kind?: SessionKind<Session>;
}): Promise<Session | null | undefined> {
  if (step.mode === "none") return null;
  if (!step.kind) throw new Error(`session: "${step.mode}" needs the surface's kind of session`);
  if (step.mode === "redirect") return step.kind.require();
  return (await step.kind.find()) ?? undefined;
}

function invalidAnswer<Reason extends string>(
  issues: readonly Issue[],
  invalid: InvalidInput<Reason>,
): ActionRefusal<Reason> {
  const reason = invalid.reason === undefined ? {} : { reason: invalid.reason };
  if (invalid.fieldErrors) {
    const message = typeof invalid.message === "string" ? invalid.message : "Some details need correcting.";
    return refusal("invalid", message, { ...reason, fieldErrors: fieldErrorsOf(issues) });
  }
  const [first] = issues;
  if (typeof invalid.message === "string") return refusal("invalid", invalid.message, reason);
  if (!first) return refusal("invalid", "Check what you entered.", reason);
  return refusal("invalid", invalid.message ? invalid.message(first) : first.message, reason);
}

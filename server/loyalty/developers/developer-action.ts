import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { isRefusal, refusal, type ActionRefusal, type ActionResult } from "@/lib/actions/action-result";
import { fromThisSite } from "@/server/http/from-this-site";
import { servesSandboxOnlyPaths } from "@/server/http/sandbox-only-route";
import { logger } from "@/server/observability/logger";
import { consoleBusyMessage, passwordHashBusyIn } from "@/server/security/hash-queue";
import { tracedAction } from "@/server/observability/tracing";
import { getDeveloperSession, requireDeveloper } from "./developer-session-cookie";
import type { DeveloperSession } from "./developer-sessions";

type Issue = z.core.$ZodIssue;

type SessionMode = "redirect" | "answer" | "none";

export interface DeveloperActionDefinition<Schema extends z.ZodType, Mode extends SessionMode = SessionMode> {
  /** What the logs call it. */
  name: string;
  /**
   * `redirect`: a signed-out developer is sent to sign in, as a console page
   * would; `answer`: answered `unauthenticated`; `none`: the action comes
   * before there is a developer (sign-up, sign-in, sign-out).
   */
  session: Mode;
  /**
   * Set for actions that change a sandbox: the Demo Partner's public sandbox
   * is everyone's, so its account is refused in these words.
   */
  ownSandboxOnly?: string;
  /** The form's fields as plain values for the schema (FormData is not typed, and the browser not trusted). */
  read: (form: FormData) => unknown;
  /** Parsed here, whatever the browser checked: anyone can post to an action. */
  input: Schema;
  /**
   * What an input that does not parse is answered: by default the first
   * issue's own message; `fieldErrors` keys every issue's message by its
   * field (forms that show errors beside the fields); a function words it.
   */
  invalid?: "fieldErrors" | ((issue: Issue) => string);
}

export interface DeveloperActionContext<Input, Mode extends SessionMode = SessionMode> {
  input: Input;
  /** The signed-in developer; null only for `session: "none"`. */
  developer: Mode extends "none" ? null : DeveloperSession;
  requestId: string;
}

export const developerConsoleMessages = {
  live: "This deployment runs in live mode: it has no developer console and offers no sandbox.",
} as const;

/**
 * The ONE wrapper of the developer console's server actions (as staffAction
 * and memberAction are the portal's): the deployment must have the console
 * (the sandbox, not live mode), the request must come from this site
 * (Origin, besides Next.js's own check), carry the session the action needs
 * (the partner comes from it, never from the form), be the developer's own
 * sandbox where the action changes one, and parse against the form's
 * schema; only then does the handler run. Every answer is an ActionResult
 * (new secrets travel in its data, shown once); a failure the handler does
 * not word itself is logged with a reference and answered in plain words,
 * never as a stack or an error page.
 */
export function developerAction<Schema extends z.ZodType, T, Mode extends SessionMode>(
  definition: DeveloperActionDefinition<Schema, Mode>,
  handler: (context: DeveloperActionContext<z.output<Schema>, Mode>) => Promise<T | ActionRefusal>,
): (previous: unknown, form: FormData) => Promise<ActionResult<T>> {
  return tracedAction("developer", definition.name, async (requestId, _previous: unknown, form: FormData) => {
    // Live mode has no developer console (lib/sandbox/sandbox-only-paths.ts): an action posted through another page is refused too.
    if (!servesSandboxOnlyPaths()) {
      logger.warn(
        { action: definition.name, requestId },
        "developer action refused: live mode has no developer console",
      );
      return refusal("forbidden", developerConsoleMessages.live);
    }
    if (!(await fromThisSite())) {
      logger.warn({ action: definition.name, requestId }, "developer action refused: not posted from this site");
      return refusal(
        "forbidden",
        "This request did not come from the developer console. Reload the page and try again.",
        {
          reference: requestId,
        },
      );
    }

    let developer: DeveloperSession | null = null;
    if (definition.session === "redirect") developer = await requireDeveloper();
    if (definition.session === "answer") {
      developer = (await getDeveloperSession()) ?? null;
      if (!developer) return refusal("unauthenticated", "Your session has ended. Sign in again.");
    }
    if (definition.ownSandboxOnly && !developer?.partner.developerSandbox)
      return refusal("forbidden", definition.ownSandboxOnly);

    const parsed = definition.input.safeParse(definition.read(form));
    if (!parsed.success) return invalidAnswer(parsed.error.issues, definition.invalid);

    try {
      const context = { input: parsed.data, developer, requestId } as DeveloperActionContext<z.output<Schema>, Mode>;
      const answer = await handler(context);
      if (isRefusal(answer)) return answer;
      return { ok: true, data: answer };
    } catch (error) {
      // Next.js's redirect and notFound are control flow, not failures.
      unstable_rethrow(error);
      const busy = passwordHashBusyIn(error);
      if (busy) return refusal("unavailable", consoleBusyMessage(busy.retryAfterSeconds));
      logger.error(
        { action: definition.name, requestId, developer: developer?.account.id, err: error },
        "developer action failed",
      );
      return refusal("failed", `Something went wrong. Quote reference ${requestId} to support.`, {
        reference: requestId,
      });
    }
  });
}

function invalidAnswer(issues: readonly Issue[], invalid: DeveloperActionDefinition<z.ZodType>["invalid"]) {
  if (invalid === "fieldErrors") {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
    return refusal("invalid", "Some details need correcting.", { fieldErrors });
  }
  const [first] = issues;
  return refusal("invalid", first ? (invalid ? invalid(first) : first.message) : "Check what you entered.");
}

/** A form field's text, as a schema reads it: a missing field is blank. */
export const field = (form: FormData, name: string): string => String(form.get(name) ?? "");

import "server-only";
import type { z } from "zod";
import { refusal, type ActionRefusal, type ActionResult } from "@/lib/actions/action-result";
import { serverAction, type SessionKind } from "@/server/actions/server-action";
import { servesSandboxOnlyPaths } from "@/server/http/sandbox-only-route";
import { consoleBusyMessage, passwordHashBusyIn } from "@/server/security/hash-queue";
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

const developerSessions: SessionKind<DeveloperSession> = {
  find: getDeveloperSession,
  require: requireDeveloper,
};

/**
 * The developer console's server actions: the one builder
 * (server/actions/server-action.ts) with the console's guard (live mode
 * has no developer console, lib/sandbox/sandbox-only-paths.ts, so an
 * action posted through another page is refused before anything is read),
 * the developer's session, and a sandbox of one's own where the action
 * changes one. New secrets travel in the result's data, shown once; a
 * password check the server is too busy for says when to come back.
 */
export function developerAction<Schema extends z.ZodType, T, Mode extends SessionMode>(
  definition: DeveloperActionDefinition<Schema, Mode>,
  handler: (context: DeveloperActionContext<z.output<Schema>, Mode>) => Promise<T | ActionRefusal>,
): (previous: unknown, form: FormData) => Promise<ActionResult<T>> {
  const { ownSandboxOnly, invalid } = definition;
  const action = serverAction<FormData, Schema, DeveloperSession, Mode, T>(
    {
      surface: "developer",
      name: definition.name,
      guard: () => (servesSandboxOnlyPaths() ? undefined : refusal("forbidden", developerConsoleMessages.live)),
      foreignOrigin: "This request did not come from the developer console. Reload the page and try again.",
      session: { mode: definition.session, kind: developerSessions },
      ...(ownSandboxOnly && {
        allow: (developer: DeveloperSession | null) =>
          developer?.partner.developerSandbox ? undefined : refusal("forbidden", ownSandboxOnly),
      }),
      read: definition.read,
      input: definition.input,
      invalid: invalid === "fieldErrors" ? { fieldErrors: true } : { ...(invalid && { message: invalid }) },
      onError: (error) => {
        const busy = passwordHashBusyIn(error);
        return busy ? refusal("unavailable", consoleBusyMessage(busy.retryAfterSeconds)) : undefined;
      },
      actor: (developer: DeveloperSession | null) => ({ developer: developer?.account.id }),
    },
    ({ input, session, requestId }) =>
      handler({ input, developer: session, requestId } as DeveloperActionContext<z.output<Schema>, Mode>),
  );
  return (_previous, form) => action(form);
}

/** A form field's text, as a schema reads it: a missing field is blank. */
export const field = (form: FormData, name: string): string => String(form.get(name) ?? "");

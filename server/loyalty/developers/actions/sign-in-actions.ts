"use server";

import "server-only";
import { redirect } from "next/navigation";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import { noInput, type CreatedSandbox } from "@/lib/developers/console-action-schemas";
import {
  developerSignInSchema,
  developerSignUpSchema,
  type DeveloperFormState,
} from "@/lib/developers/credentials-schema";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { logger } from "@/server/observability/logger";
import { developerAction, field } from "../developer-action";
import { endDeveloperSession } from "../developer-sessions";
import {
  clearDeveloperSessionCookie,
  developerSessionId,
  requestAddress,
  setDeveloperSessionCookie,
} from "../developer-session-cookie";
import { signInDeveloper } from "../sign-in-developer";
import { signUpDeveloper } from "../sign-up-developer";

/**
 * Sign-up, sign-in and sign-out come before (or after) a developer session,
 * so they go through developerAction with `session: "none"`. Their limits
 * per address are signInDeveloper's and signUpDeveloper's own (they count
 * only posts that parse).
 */
const credentials = (form: FormData) => ({ email: field(form, "email"), password: field(form, "password") });
const typedEmail = (form: FormData) => field(form, "email").slice(0, 254);

/** The secrets are answered to this one page only (never stored in clear, never shown again). */
const signUp = developerAction(
  {
    name: "developer-sign-up",
    session: "none",
    read: credentials,
    input: developerSignUpSchema,
    invalid: "fieldErrors",
  },
  async ({ input }): Promise<CreatedSandbox | ActionRefusal> => {
    const result = await signUpDeveloper(await getDatabase(), {
      ...input,
      address: await requestAddress(),
      now: new Date(),
    });
    if (result.outcome === "refused")
      return refusal(
        "refused",
        result.message,
        result.field ? { fieldErrors: { [result.field]: result.message } } : {},
      );
    await setDeveloperSessionCookie(result.sessionId, result.expiresAt);
    logger.info({ partner: result.credentials.partnerIdentifier }, "developer signed up");
    const { credentials } = result;
    return {
      partnerIdentifier: credentials.partnerIdentifier,
      apiKey: credentials.stagingApiKey,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      furtherClientId: credentials.furtherClientId,
      businessContextIdentifier: credentials.businessContextIdentifier,
      partnerSecret: credentials.partnerSecret,
    };
  },
);

const signIn = developerAction<typeof developerSignInSchema, never, "none">(
  {
    name: "developer-sign-in",
    session: "none",
    read: credentials,
    input: developerSignInSchema,
    invalid: "fieldErrors",
  },
  async ({ input }) => {
    const result = await signInDeveloper(await getDatabase(), {
      ...input,
      address: await requestAddress(),
      now: new Date(),
    });
    if (result.outcome === "refused") return refusal("refused", result.message);
    await setDeveloperSessionCookie(result.sessionId, result.expiresAt);
    // Outside any try: redirect() works by throwing (the action builder lets it through).
    redirect("/developers");
  },
);

const signOut = developerAction(
  { name: "developer-sign-out", session: "none", read: () => ({}), input: noInput },
  async () => {
    const sessionId = await developerSessionId();
    if (sessionId) await endDeveloperSession(await getDatabase(), sessionId);
    await clearDeveloperSessionCookie();
    redirect("/developers/login?reason=signed-out");
  },
);

/** The sign-up form's action: the new sandbox's credentials, or the refusal with the email typed. */
export async function signUpAction(
  _previous: DeveloperFormState<CreatedSandbox>,
  form: FormData,
): Promise<DeveloperFormState<CreatedSandbox>> {
  const result = await signUp(undefined, form);
  return result.ok ? { result } : { result, email: typedEmail(form) };
}

/** The sign-in form's action: to the console, or the refusal with the email typed. */
export async function signInAction(_previous: DeveloperFormState, form: FormData): Promise<DeveloperFormState> {
  return { result: await signIn(undefined, form), email: typedEmail(form) };
}

/** The console's "Sign out" button (a plain form action: it receives the form alone). */
export async function signOutAction(form: FormData): Promise<void> {
  const result = await signOut(undefined, form);
  if (!result.ok) logger.warn({ code: result.code }, "developer sign-out refused");
}

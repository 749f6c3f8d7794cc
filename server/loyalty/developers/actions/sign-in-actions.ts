"use server";

import "server-only";
import { redirect } from "next/navigation";
import {
  developerSignInSchema,
  developerSignUpSchema,
  type DeveloperFormState,
} from "@/lib/developers/credentials-schema";
import type { SignUpState } from "@/lib/developers/console-states";
import { getDatabase } from "@/server/db/database";
import { logger } from "@/server/observability/logger";
import { endDeveloperSession } from "../developer-sessions";
import {
  clearDeveloperSessionCookie,
  developerSessionId,
  requestAddress,
  setDeveloperSessionCookie,
} from "../developer-session-cookie";
import { signInDeveloper } from "../sign-in-developer";
import { signUpDeveloper } from "../sign-up-developer";

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fieldErrors: DeveloperFormState["fieldErrors"] = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password") && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return fieldErrors;
}

const typedEmail = (form: FormData) => String(form.get("email") ?? "").slice(0, 254);

/**
 * Sign-up: the account, its sandbox partner and a session. The secrets are
 * answered to this one page only (never stored in clear, never shown again).
 */
export async function signUpAction(_previous: SignUpState, form: FormData): Promise<SignUpState> {
  const parsed = developerSignUpSchema.safeParse({
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues), email: typedEmail(form) };
  const result = await signUpDeveloper(await getDatabase(), {
    ...parsed.data,
    address: await requestAddress(),
    now: new Date(),
  });
  if (result.outcome === "refused") {
    return result.field
      ? { fieldErrors: { [result.field]: result.message }, email: typedEmail(form) }
      : { message: result.message, email: typedEmail(form) };
  }
  await setDeveloperSessionCookie(result.sessionId, result.expiresAt);
  logger.info({ partner: result.credentials.partnerIdentifier }, "developer signed up");
  const { credentials } = result;
  return {
    created: {
      partnerIdentifier: credentials.partnerIdentifier,
      apiKey: credentials.stagingApiKey,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      furtherClientId: credentials.furtherClientId,
      businessContextIdentifier: credentials.businessContextIdentifier,
      partnerSecret: credentials.partnerSecret,
    },
  };
}

export async function signInAction(_previous: DeveloperFormState, form: FormData): Promise<DeveloperFormState> {
  const parsed = developerSignInSchema.safeParse({
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues), email: typedEmail(form) };
  const result = await signInDeveloper(await getDatabase(), { ...parsed.data, now: new Date() });
  if (result.outcome === "refused") return { message: result.message, email: typedEmail(form) };
  await setDeveloperSessionCookie(result.sessionId, result.expiresAt);
  redirect("/developers");
}

export async function signOutAction(): Promise<void> {
  const sessionId = await developerSessionId();
  if (sessionId) await endDeveloperSession(await getDatabase(), sessionId);
  await clearDeveloperSessionCookie();
  redirect("/developers/login?reason=signed-out");
}

"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { DeveloperFormState } from "@/lib/developers/credentials-schema";
import { CredentialFields } from "./credential-fields";

/** The console's sign-in: a plain form posted to its server action, so it works without JavaScript too. */
export function DeveloperSignInForm({
  action,
}: {
  action: (state: DeveloperFormState, form: FormData) => Promise<DeveloperFormState>;
}) {
  const [state, submit, pending] = useActionState(action, {});
  return (
    <form action={submit} className="space-y-5" noValidate>
      {state.message ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-sm text-red-900">
          {state.message}
        </p>
      ) : null}
      <CredentialFields state={state} passwordAutoComplete="current-password" />
      <SubmitButton pending={pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { DeveloperFormState } from "@/lib/developers/credentials-schema";
import { CredentialFields, RefusalAlert } from "./credential-fields";

/** The console's sign-in: a plain form posted to its server action, so it works without JavaScript too. */
export function DeveloperSignInForm({
  action,
}: {
  action: (state: DeveloperFormState, form: FormData) => Promise<DeveloperFormState>;
}) {
  const [state, submit, pending] = useActionState(action, {});
  return (
    <form action={submit} className="space-y-5" noValidate>
      <RefusalAlert result={state.result} />
      <CredentialFields state={state} passwordAutoComplete="current-password" />
      <SubmitButton pending={pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}

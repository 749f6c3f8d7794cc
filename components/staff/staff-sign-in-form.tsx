"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";
import { Notice } from "@/components/ui/notice";
import type { StaffSignInState } from "@/lib/portal/staff/sign-in-schema";

/**
 * The staff login form: a plain form posted to its server action, so it
 * works before (and without) JavaScript; the answer is shown in place.
 */
export function StaffSignInForm({
  action,
  next,
}: {
  action: (state: StaffSignInState, form: FormData) => Promise<StaffSignInState>;
  next: string;
}) {
  const [state, submit, pending] = useActionState(action, {});
  const error = (field: "username" | "password") => state.refusal?.fieldErrors?.[field];
  // A refusal the fields say themselves needs no alert besides.
  const alert = state.refusal && !error("username") && !error("password") ? state.refusal.message : undefined;
  return (
    <form action={submit} className="space-y-5" noValidate>
      {alert ? (
        <Notice tone="error" role="alert">
          {alert}
        </Notice>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <TextField
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={50}
        required
        defaultValue={state.username}
        error={error("username")}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        maxLength={128}
        required
        error={error("password")}
      />
      <SubmitButton pending={pending} pendingLabel="Logging in…">
        Log in
      </SubmitButton>
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { FieldError } from "@/components/forms/field-error";
import { describedBy, fieldIds } from "@/components/forms/field-ids";
import { controlClass, FieldLabel } from "@/components/forms/field-label";
import { SubmitButton } from "@/components/forms/submit-button";
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
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-sm text-red-900">
          {alert}
        </p>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <div>
        <FieldLabel name="username" label="Username" />
        <input
          id={fieldIds("username").input}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={50}
          required
          defaultValue={state.username}
          aria-invalid={error("username") ? true : undefined}
          aria-describedby={describedBy("username", { hint: false, error: Boolean(error("username")) })}
          className={controlClass(Boolean(error("username")))}
        />
        <FieldError name="username" message={error("username")} />
      </div>
      <div>
        <FieldLabel name="password" label="Password" />
        <input
          id={fieldIds("password").input}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          required
          aria-invalid={error("password") ? true : undefined}
          aria-describedby={describedBy("password", { hint: false, error: Boolean(error("password")) })}
          className={controlClass(Boolean(error("password")))}
        />
        <FieldError name="password" message={error("password")} />
      </div>
      <SubmitButton pending={pending} pendingLabel="Logging in…">
        Log in
      </SubmitButton>
    </form>
  );
}

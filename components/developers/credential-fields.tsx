import { FieldError } from "@/components/forms/field-error";
import { describedBy, fieldIds } from "@/components/forms/field-ids";
import { controlClass, FieldHint, FieldLabel } from "@/components/forms/field-label";
import type { ActionResult } from "@/lib/actions/action-result";
import type { DeveloperFormState } from "@/lib/developers/credentials-schema";

/** The "Email" and "Password" fields of the console's sign-up and sign-in forms. */
export function CredentialFields({
  state,
  passwordAutoComplete,
  passwordHint,
}: {
  state: DeveloperFormState<unknown>;
  passwordAutoComplete: "new-password" | "current-password";
  passwordHint?: string;
}) {
  const error = (field: "email" | "password") =>
    state.result?.ok === false ? state.result.fieldErrors?.[field] : undefined;
  return (
    <>
      <div>
        <FieldLabel name="email" label="Email" />
        <input
          id={fieldIds("email").input}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          required
          defaultValue={state.email}
          aria-invalid={error("email") ? true : undefined}
          aria-describedby={describedBy("email", { hint: false, error: Boolean(error("email")) })}
          className={controlClass(Boolean(error("email")))}
        />
        <FieldError name="email" message={error("email")} />
      </div>
      <div>
        <FieldLabel name="password" label="Password" />
        <FieldHint name="password" hint={passwordHint} />
        <input
          id={fieldIds("password").input}
          name="password"
          type="password"
          autoComplete={passwordAutoComplete}
          maxLength={128}
          required
          aria-invalid={error("password") ? true : undefined}
          aria-describedby={describedBy("password", { hint: Boolean(passwordHint), error: Boolean(error("password")) })}
          className={controlClass(Boolean(error("password")))}
        />
        <FieldError name="password" message={error("password")} />
      </div>
    </>
  );
}

/** A refusal that is not about one field (a wrong password, too many sign-ups): above the fields. */
export function RefusalAlert({ result }: { result: ActionResult<unknown> | undefined }) {
  if (!result || result.ok || result.fieldErrors) return null;
  return (
    <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-sm text-red-900">
      {result.message}
    </p>
  );
}

import { TextField } from "@/components/forms/text-field";
import { Notice } from "@/components/ui/notice";
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
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        required
        defaultValue={state.email}
        error={error("email")}
      />
      <TextField
        name="password"
        label="Password"
        hint={passwordHint}
        type="password"
        autoComplete={passwordAutoComplete}
        maxLength={128}
        required
        error={error("password")}
      />
    </>
  );
}

/** A refusal that is not about one field (a wrong password, too many sign-ups): above the fields. */
export function RefusalAlert({ result }: { result: ActionResult<unknown> | undefined }) {
  if (!result || result.ok || result.fieldErrors) return null;
  return (
    <Notice tone="error" role="alert">
      {result.message}
    </Notice>
  );
}

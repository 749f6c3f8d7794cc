"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import type { CreatedSandbox } from "@/lib/developers/console-action-schemas";
import type { DeveloperFormState } from "@/lib/developers/credentials-schema";
import { CredentialFields, RefusalAlert } from "./credential-fields";
import { SecretValue } from "./secret-value";

/**
 * Sign-up, then the new sandbox's credentials in place of the form: the
 * secrets are shown this once (only their hashes are kept), with the way on
 * to the console.
 */
export function DeveloperSignUpForm({
  action,
}: {
  action: (state: DeveloperFormState<CreatedSandbox>, form: FormData) => Promise<DeveloperFormState<CreatedSandbox>>;
}) {
  const [state, submit, pending] = useActionState(action, {});
  if (state.result?.ok) {
    const created = state.result.data;
    return (
      <section aria-labelledby="created-heading" className="space-y-4">
        <h2 id="created-heading" className="text-xl font-bold text-slate-900" tabIndex={-1}>
          Your sandbox is ready
        </h2>
        <p role="status" className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 text-sm text-amber-950">
          Copy the api_key and the secrets now: they are shown only this once. You can roll new ones in the console at
          any time.
        </p>
        <dl className="space-y-3">
          <SecretValue label="Staging api_key" value={created.apiKey} testId="api-key" />
          <SecretValue label="OAuth client id" value={created.clientId} testId="client-id" />
          <SecretValue label="OAuth client secret" value={created.clientSecret} testId="client-secret" />
          <SecretValue
            label="Further programmes: client id"
            value={created.furtherClientId}
            testId="further-client-id"
          />
          <SecretValue
            label="Further programmes: business context"
            value={created.businessContextIdentifier}
            testId="business-context"
          />
          <SecretValue
            label="Further programmes: partner secret"
            value={created.partnerSecret}
            testId="partner-secret"
          />
        </dl>
        <a
          href="/developers"
          className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Open your console
        </a>
      </section>
    );
  }
  return (
    <form action={submit} className="space-y-5" noValidate>
      <RefusalAlert result={state.result} />
      <CredentialFields
        state={state}
        passwordAutoComplete="new-password"
        passwordHint="At least 12 characters. No email is sent in the sandbox: keep it somewhere safe."
      />
      <SubmitButton pending={pending} pendingLabel="Making your sandbox…">
        Create my sandbox
      </SubmitButton>
    </form>
  );
}

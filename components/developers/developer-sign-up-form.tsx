"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/forms/submit-button";
import { buttonStyles } from "@/components/ui/button";
import { noticeStyles } from "@/components/ui/notice";
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
        <p role="status" className={noticeStyles("warning")}>
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
        <a href="/developers" className={buttonStyles({ variant: "primary", size: "lg" })}>
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

"use client";

import { useActionState } from "react";
import { FieldHint } from "@/components/forms/field-label";
import type { ConsoleActionState } from "@/lib/developers/console-states";

/** The member-login client's redirect addresses, one per line. */
export function RedirectUrisForm({
  action,
  clientId,
  uris,
}: {
  action: (state: ConsoleActionState, form: FormData) => Promise<ConsoleActionState>;
  clientId: number;
  uris: string[];
}) {
  const [state, submit, pending] = useActionState(action, {});
  const name = `redirect-uris-${clientId}`;
  return (
    <form action={submit} className="space-y-2">
      <input type="hidden" name="clientId" value={String(clientId)} />
      <label htmlFor={`field-${name}`} className="block text-sm font-semibold text-slate-900">
        Redirect URIs
      </label>
      <FieldHint
        name={name}
        hint="One per line. The login (A1) and the code exchange (A2) accept exactly these addresses, compared character for character."
      />
      <textarea
        id={`field-${name}`}
        name="redirectUris"
        rows={Math.max(2, uris.length + 1)}
        defaultValue={uris.join("\n")}
        spellCheck={false}
        aria-describedby={`field-${name}-hint${state.error ? ` field-${name}-error` : ""}`}
        aria-invalid={state.error ? true : undefined}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:border-brand-600 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      >
        {pending ? "Saving…" : "Save redirect URIs"}
      </button>
      <div aria-live="polite">
        {state.error ? (
          <p id={`field-${name}-error`} role="alert" className="text-sm font-medium text-red-700">
            {state.error}
          </p>
        ) : null}
        {state.message ? <p className="text-sm text-slate-700">{state.message}</p> : null}
      </div>
    </form>
  );
}

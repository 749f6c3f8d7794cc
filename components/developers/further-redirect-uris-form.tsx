"use client";

import { useActionState } from "react";
import type { ConsoleActionState } from "@/lib/developers/console-states";

/** The further programmes' client: one redirect address per programme (A3 and A4 accept exactly it). */
export function FurtherRedirectUrisForm({
  action,
  clientId,
  uris,
}: {
  action: (state: ConsoleActionState, form: FormData) => Promise<ConsoleActionState>;
  clientId: number;
  uris: { programme: string; uri: string }[];
}) {
  const [state, submit, pending] = useActionState(action, {});
  const errorId = `further-redirect-uris-${clientId}-error`;
  return (
    <form action={submit} className="space-y-3">
      <input type="hidden" name="clientId" value={String(clientId)} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Redirect URIs, one per programme</legend>
        {uris.map(({ programme, uri }) => {
          const id = `further-redirect-${clientId}-${programme}`;
          return (
            <div key={programme}>
              <label htmlFor={id} className="block text-sm text-slate-800">
                {programme}
              </label>
              <input
                id={id}
                name={`redirectUri.${programme}`}
                type="url"
                defaultValue={uri}
                spellCheck={false}
                required
                aria-describedby={state.error ? errorId : undefined}
                className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              />
            </div>
          );
        })}
      </fieldset>
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
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {state.error}
          </p>
        ) : null}
        {state.message ? <p className="text-sm text-slate-700">{state.message}</p> : null}
      </div>
    </form>
  );
}

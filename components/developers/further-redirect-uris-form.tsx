"use client";

import { useActionState } from "react";
import { ConsoleAnswer, SaveButton, type ConsoleFormAction } from "./console-answer";

/** The further programmes' client: one redirect address per programme (A3 and A4 accept exactly it). */
export function FurtherRedirectUrisForm({
  action,
  clientId,
  uris,
}: {
  action: ConsoleFormAction;
  clientId: number;
  uris: { programme: string; uri: string }[];
}) {
  const [state, submit, pending] = useActionState(action, null);
  const refused = state?.ok === false;
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
                aria-describedby={refused ? errorId : undefined}
                className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              />
            </div>
          );
        })}
      </fieldset>
      <SaveButton pending={pending} label="Save redirect URIs" pendingLabel="Saving…" />
      <ConsoleAnswer result={state} errorId={errorId} />
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { TextField } from "@/components/forms/text-field";
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
        {uris.map(({ programme, uri }) => (
          <TextField
            key={programme}
            name={`redirectUri.${programme}`}
            idBase={`further-redirect-${clientId}-${programme}`}
            label={programme}
            type="url"
            defaultValue={uri}
            spellCheck={false}
            required
            mono
            errorElsewhere={refused ? errorId : undefined}
          />
        ))}
      </fieldset>
      <SaveButton pending={pending} label="Save redirect URIs" pendingLabel="Saving…" />
      <ConsoleAnswer result={state} errorId={errorId} />
    </form>
  );
}

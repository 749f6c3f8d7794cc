"use client";

import { useActionState } from "react";
import { FieldHint } from "@/components/forms/field-label";
import { ConsoleAnswer, SaveButton, type ConsoleFormAction } from "./console-answer";

/** The member-login client's redirect addresses, one per line. */
export function RedirectUrisForm({
  action,
  clientId,
  uris,
}: {
  action: ConsoleFormAction;
  clientId: number;
  uris: string[];
}) {
  const [state, submit, pending] = useActionState(action, null);
  const refused = state?.ok === false;
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
        aria-describedby={`field-${name}-hint${refused ? ` field-${name}-error` : ""}`}
        aria-invalid={refused ? true : undefined}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <SaveButton pending={pending} label="Save redirect URIs" pendingLabel="Saving…" />
      <ConsoleAnswer result={state} errorId={`field-${name}-error`} />
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { TextareaField } from "@/components/forms/textarea-field";
import { fieldIds } from "@/components/forms/field-ids";
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
  const idBase = `redirect-uris-${clientId}`;
  // The refusal is said in the form's answer, under the button; the field points to it.
  const errorId = fieldIds(idBase).error;
  return (
    <form action={submit} className="space-y-2">
      <input type="hidden" name="clientId" value={String(clientId)} />
      <TextareaField
        name="redirectUris"
        idBase={idBase}
        label="Redirect URIs"
        hint="One per line. The login (A1) and the code exchange (A2) accept exactly these addresses, compared character for character."
        rows={Math.max(2, uris.length + 1)}
        defaultValue={uris.join("\n")}
        spellCheck={false}
        mono
        errorElsewhere={refused ? errorId : undefined}
      />
      <SaveButton pending={pending} label="Save redirect URIs" pendingLabel="Saving…" />
      <ConsoleAnswer result={state} errorId={errorId} />
    </form>
  );
}

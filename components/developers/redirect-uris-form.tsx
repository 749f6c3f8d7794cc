"use client";

import { useActionState, useState } from "react";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { maxRedirectUris, redirectUriRowErrors } from "@/lib/developers/redirect-uri-rows";
import { ConsoleAnswer, SaveButton, type ConsoleFormAction } from "./console-answer";

interface Row {
  key: number;
  value: string;
}

/**
 * The member-login client's redirect addresses, one per row. The rows are the form's own state, so what was typed
 * stays after a refusal; a bad row is named under itself, and the others are kept as they are.
 */
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
  const [rows, setRows] = useState<Row[]>(() =>
    (uris.length > 0 ? uris : [""]).map((value, index) => ({ key: index, value })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [checked, setChecked] = useState(false);
  const errors = redirectUriRowErrors(rows.map((row) => row.value));
  const idBase = `redirect-uris-${clientId}`;

  return (
    <form
      action={submit}
      onSubmit={(event) => {
        setChecked(true);
        if (errors.some(Boolean)) event.preventDefault();
      }}
      className="space-y-2"
      aria-labelledby={`${idBase}-legend`}
    >
      <input type="hidden" name="clientId" value={String(clientId)} />
      <fieldset className="space-y-2">
        <legend id={`${idBase}-legend`} className="text-sm font-semibold text-slate-900">
          Redirect URIs
        </legend>
        <p className="text-sm text-slate-700">
          The login (A1) and the code exchange (A2) accept exactly these addresses, compared character for character. Up
          to {maxRedirectUris}.
        </p>
        <ol className="space-y-2">
          {rows.map((row, index) => (
            <li key={row.key} className="flex items-end gap-2">
              <TextField
                name="redirectUri"
                idBase={`${idBase}-${row.key}`}
                label={`Redirect URI ${index + 1}`}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                mono
                className="min-w-0 flex-1"
                value={row.value}
                error={checked ? errors[index] : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  setRows((current) => current.map((item) => (item.key === row.key ? { ...item, value } : item)));
                }}
              />
              {rows.length > 1 ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
                >
                  Remove<span className="sr-only"> redirect URI {index + 1}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        {rows.length < maxRedirectUris ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setRows((current) => [...current, { key: nextKey, value: "" }]);
              setNextKey(nextKey + 1);
            }}
          >
            Add a redirect URI
          </Button>
        ) : null}
      </fieldset>
      <SaveButton pending={pending} label="Save redirect URIs" pendingLabel="Saving…" />
      <ConsoleAnswer result={state} />
    </form>
  );
}

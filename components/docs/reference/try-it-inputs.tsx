import type { ReactNode } from "react";
import type { TryItCredential, TryItField } from "@/lib/docs/reference/try-it";
import { controlClass } from "@/components/forms/field-label";

/** The try-it's text inputs and selects. */
export const inputClass = `${controlClass(false)} font-mono`;

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      {children}
    </p>
  );
}

/** A parameter: a text input, or a select of its allowed values; its example and any error described by it. */
export function FieldInput({ field, error }: { field: TryItField; error?: string }) {
  const id = `try-${field.id}`;
  const hints = [field.example !== undefined && !field.options ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        <span className="font-mono">{field.name}</span>
        {field.required ? " (required)" : ""}
      </label>
      {field.options ? (
        <select id={id} name={`field:${field.id}`} defaultValue={field.value} className={inputClass}>
          {field.required && field.options.length === 1 ? null : <option value="">(none)</option>}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={`field:${field.id}`}
          defaultValue={field.value}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={hints || undefined}
          className={inputClass}
        />
      )}
      {field.example !== undefined && !field.options ? (
        <Hint id={`${id}-hint`}>
          Example: <span className="font-mono">{field.example}</span>
        </Hint>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A security scheme's inputs: the key, the bearer token, or Basic's user name and password. */
export function CredentialInputs({ credential }: { credential: TryItCredential }) {
  const id = `try-auth-${credential.key}`;
  const required = credential.required ? " (required)" : " (optional)";
  if (credential.kind === "basic")
    return (
      <>
        <div>
          <label htmlFor={`${id}-username`} className="block text-sm font-medium text-slate-900">
            {credential.key}: user name (client id){required}
          </label>
          <input
            id={`${id}-username`}
            name={`credential:${credential.key}:username`}
            defaultValue={credential.username}
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="block text-sm font-medium text-slate-900">
            {credential.key}: password{required}
          </label>
          <input
            id={`${id}-password`}
            name={`credential:${credential.key}:password`}
            defaultValue={credential.password}
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
          />
        </div>
      </>
    );
  if (credential.kind === "bearer")
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {credential.key}: bearer token{required}
        </label>
        <input
          id={id}
          name={`credential:${credential.key}:value`}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
        <Hint id={`${id}-hint`}>
          Sent as <span className="font-mono">Authorization: Bearer …</span>; get one with the{" "}
          <a href="/docs/guides/quickstart" className="text-brand-700 underline">
            quickstart
          </a>
          .
        </Hint>
      </div>
    );
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        <span className="font-mono">{credential.name}</span> ({credential.in === "query" ? "query" : "header"})
        {required}
      </label>
      <input
        id={id}
        name={`credential:${credential.key}:value`}
        defaultValue={credential.value}
        autoComplete="off"
        spellCheck={false}
        className={inputClass}
      />
    </div>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { buildTryItRequest, type TryItField, type TryItInput, type TryItSpec } from "@/lib/docs/reference/try-it";
import { readAnswer, shownCharacters, type Answer } from "./try-it-answer";
import { CredentialInputs, FieldInput, inputClass } from "./try-it-inputs";
import { Button } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus-ring";
import { Notice } from "@/components/ui/notice";

const legend = "text-sm font-semibold text-slate-900";

/** The text of a body example, from its code block on the page (see TryItSpec.body). */
function exampleText(sourceId: string | undefined): string {
  return (sourceId && document.getElementById(sourceId)?.textContent) || "";
}

function inputOf(form: HTMLFormElement, spec: TryItSpec, body: string): TryItInput {
  const data = new FormData(form);
  const fields: TryItInput["fields"] = {};
  const credentials: TryItInput["credentials"] = {};
  for (const [name, value] of data.entries()) {
    if (typeof value !== "string") continue;
    if (name.startsWith("field:")) fields[name.slice("field:".length)] = value;
    const credential = /^credential:(.+):(value|username|password)$/.exec(name);
    if (credential) credentials[credential[1]!] = { ...credentials[credential[1]!], [credential[2]!]: value };
  }
  return { path: String(data.get("path") ?? spec.paths[0]), fields, credentials, body };
}

/**
 * "Try it": a form for the operation's credentials, parameters and body,
 * sent from the browser to this origin (the page's CSP allows no other), and
 * the answer's status, headers and body. The form is only rendered once
 * opened, so the reference's pages stay small.
 */
export function TryItPanel({ spec, title, headingId }: { spec: TryItSpec; title: string; headingId: string }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const built = buildTryItRequest(spec, inputOf(event.currentTarget, spec, body ?? ""));
    if (!built.ok) {
      setErrors(
        Object.fromEntries(built.missing.map((field) => [field.id, `Enter ${field.name}: it is part of the path.`])),
      );
      document.getElementById(`try-${built.missing[0]?.id}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    setFailure(undefined);
    const { request } = built;
    setSent(`${request.method} ${request.url}`);
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        cache: "no-store",
      });
      setAnswer(await readAnswer(response, started));
    } catch (error) {
      setAnswer(undefined);
      setFailure(error instanceof Error ? error.message : "no answer");
    } finally {
      setSending(false);
    }
  }

  const groups: { legend: string; fields: TryItField[] }[] = [
    { legend: "Path parameters", fields: spec.fields.filter((field) => field.location === "path") },
    { legend: "Query parameters", fields: spec.fields.filter((field) => field.location === "query") },
    { legend: "Headers", fields: spec.fields.filter((field) => field.location === "header") },
  ];

  return (
    <div className="rounded-lg border border-slate-300 bg-white">
      {/* A disclosure in a heading (WAI-ARIA's accordion pattern): the section's title opens it. */}
      <h2 id={headingId} className="text-xl font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="try-it-form"
          // Named with the operation (its visible words first): a page may be read by its buttons' names alone.
          aria-label={`Try it: ${title}`}
          onClick={() => {
            // The first example, read from its code block on the page, until the reader writes a body of their own.
            if (body === undefined) setBody(exampleText(spec.body?.examples[0]?.sourceId));
            setOpen((value) => !value);
          }}
          className={`flex min-h-12 w-full items-center justify-between gap-2 rounded-lg px-4 text-left text-slate-900 hover:bg-slate-50 ${focusRing}`}
        >
          <span>Try it</span>
          <span aria-hidden="true" className="text-base text-brand-700">
            {open ? "▲" : "▼"}
          </span>
        </button>
      </h2>
      <div id="try-it-form" hidden={!open} className="border-t border-slate-200 p-4">
        {open ? (
          <form onSubmit={send} noValidate className="space-y-5">
            <p className="text-sm text-slate-700">
              Sends the request from your browser to this sandbox, as filled in below; the sandbox&apos;s key is filled
              in.
            </p>
            {spec.paths.length > 1 ? (
              <div>
                <label htmlFor="try-path" className="block text-sm font-medium text-slate-900">
                  Path
                </label>
                <select id="try-path" name="path" defaultValue={spec.paths[0]} className={inputClass}>
                  {spec.paths.map((path) => (
                    <option key={path} value={path}>
                      {path}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {spec.credentials.length > 0 ? (
              <fieldset className="space-y-3">
                <legend className={legend}>Authentication</legend>
                {spec.credentials.map((credential) => (
                  <CredentialInputs key={credential.key} credential={credential} />
                ))}
              </fieldset>
            ) : null}
            {groups
              .filter((group) => group.fields.length > 0)
              .map((group) => (
                <fieldset key={group.legend} className="space-y-3">
                  <legend className={legend}>{group.legend}</legend>
                  {group.fields.map((field) => (
                    <FieldInput key={field.id} field={field} error={errors[field.id]} />
                  ))}
                </fieldset>
              ))}
            {spec.body ? (
              <fieldset className="space-y-3">
                <legend className={legend}>
                  Body <span className="font-mono font-normal">({spec.body.mediaType})</span>
                </legend>
                {spec.body.examples.length > 1 ? (
                  <div>
                    <label htmlFor="try-example" className="block text-sm font-medium text-slate-900">
                      Start from an example
                    </label>
                    <select
                      id="try-example"
                      className={inputClass}
                      onChange={(event) =>
                        setBody(exampleText(spec.body!.examples[Number(event.target.value)]?.sourceId))
                      }
                    >
                      {spec.body.examples.map((example, index) => (
                        <option key={index} value={index}>
                          {example.label}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                <div>
                  <label htmlFor="try-body" className="block text-sm font-medium text-slate-900">
                    Request body{spec.body.required ? " (required)" : ""}
                  </label>
                  <textarea
                    id="try-body"
                    value={body ?? ""}
                    onChange={(event) => setBody(event.target.value)}
                    rows={Math.min(16, Math.max(4, (body ?? "").split("\n").length + 1))}
                    spellCheck={false}
                    className={`${inputClass} whitespace-pre`}
                  />
                </div>
              </fieldset>
            ) : null}
            <Button type="submit" variant="primary" size="lg" aria-disabled={sending}>
              {sending ? "Sending…" : "Send request"}
            </Button>
          </form>
        ) : null}
        <div aria-live="polite" className="sr-only">
          {sending ? "Sending the request." : answer ? `Answered ${answer.status} ${answer.statusText}.` : ""}
          {failure ? `The request failed: ${failure}` : ""}
        </div>
        {open && failure ? (
          <Notice tone="error" role="alert" className="mt-4">
            The request got no answer: {failure}
          </Notice>
        ) : null}
        {open && answer ? (
          <section aria-labelledby="try-response-title" className="mt-6 space-y-3">
            <h3 id="try-response-title" className="text-base font-semibold text-slate-900">
              Response
            </h3>
            <p className="text-sm text-slate-700">
              <span className="font-mono break-all">{sent}</span>
            </p>
            <p className="text-sm text-slate-900" data-testid="try-it-status">
              Status <strong className="font-mono">{answer.status}</strong> {answer.statusText}
              <span className="text-slate-600"> · {answer.milliseconds} ms</span>
            </p>
            <h4 className="text-sm font-semibold text-slate-900">Headers</h4>
            <dl className="grid grid-cols-1 gap-x-4 text-xs sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
              {answer.headers.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-mono font-semibold break-all text-slate-900">{name}</dt>
                  <dd className="mb-1 font-mono break-all text-slate-700">{value}</dd>
                </div>
              ))}
            </dl>
            <h4 className="text-sm font-semibold text-slate-900">Body</h4>
            {answer.body ? (
              <pre
                tabIndex={0}
                role="region"
                aria-label="Response body"
                className={`ref-pre ${focusRing} focus-visible:ring-offset-2`}
              >
                <code>{answer.body}</code>
              </pre>
            ) : (
              <p className="text-sm text-slate-700">No body.</p>
            )}
            {answer.truncated ? (
              <p className="text-xs text-slate-600">
                The first {shownCharacters.toLocaleString("en")} characters are shown.
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
    </div>
  );
}

"use client";

import { useState } from "react";
import { SelectField } from "@/components/forms/select-field";
import { TextField } from "@/components/forms/text-field";
import { focusRing } from "@/components/ui/focus-ring";
import { filterCatalogue, type CatalogueLine } from "@/lib/docs/errors/filter-codes";

/**
 * The error catalogue's codes with a filter: words (in the code or its message) and an HTTP status. Without
 * scripting every code shows; the count of what shows is read aloud as the filter changes.
 */
export function ErrorCatalogueFilter({ lines }: { lines: readonly CatalogueLine[] }) {
  const [text, setText] = useState("");
  const [status, setStatus] = useState("");
  const statuses = [...new Set(lines.flatMap((line) => line.statuses))].sort((a, b) => a - b);
  const shown = filterCatalogue(lines, text, status ? Number(status) : undefined);
  return (
    <div className="mt-3">
      <search className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" aria-label="Filter the codes">
        <TextField
          name="filter"
          idBase="catalogue-filter"
          label="Filter by word"
          hint="A code or words of its message, such as balance or token."
          type="search"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          name="status"
          idBase="catalogue-status"
          label="HTTP status"
          placeholder="Any status"
          options={statuses.map((value) => ({ value: String(value), label: String(value) }))}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        />
      </search>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite" data-catalogue-count>
        {shown.length === lines.length ? `${lines.length} codes.` : `${shown.length} of ${lines.length} codes match.`}
      </p>
      {shown.length === 0 ? (
        <p className="mt-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          No code matches. Try fewer words, or any status.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {shown.map((line) => (
            <li key={line.code} id={line.anchor} className="scroll-mt-4 px-4 py-3">
              <a
                href={line.href}
                className={`font-mono text-sm font-semibold break-words text-brand-700 underline underline-offset-2 ${focusRing}`}
              >
                {line.code}
              </a>
              <span className="ml-2 text-sm text-slate-600">HTTP {line.statuses.join(", ")}</span>
              <p className="mt-1 text-sm text-slate-700">{line.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

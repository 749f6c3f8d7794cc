"use client";

import { consoleFormBusyText } from "@/lib/forms/console-busy";

/** Anything a console page did not expect: no message or stack reaches the browser, only a reference. */
export default function DevelopersError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // A sign-in or sign-up this server had no room for (its 503's text, raised by the form's script): said as it is.
  const busy = error.message === consoleFormBusyText;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div role="alert" className="rounded-xl border border-rose-300 bg-rose-50 p-5 text-rose-950">
        <h1 className="text-lg font-semibold">{busy ? "The console is busy" : "Something went wrong"}</h1>
        <p className="mt-1 text-sm">
          {busy ? consoleFormBusyText : "This page could not be shown. Try again in a moment."}
        </p>
        {error.digest && !busy ? <p className="mt-2 text-xs text-rose-800">Reference: {error.digest}</p> : null}
        <button
          type="button"
          onClick={reset}
          className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-rose-400 bg-white px-4 text-sm font-medium hover:border-rose-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-700 focus-visible:ring-offset-2"
        >
          Try again
        </button>
      </div>
    </div>
  );
}

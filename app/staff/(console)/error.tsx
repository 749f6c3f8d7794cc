"use client";

import { ErrorPage } from "@/components/ui/error-page";

/** Anything a console page did not expect: no message or stack reaches the browser, only a reference. */
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorPage
      error={error}
      reset={reset}
      words={{
        title: "Something went wrong",
        text: "This page could not be shown. Try again; if it keeps happening, tell support.",
        reference: (digest) => `Reference: ${digest}`,
        tryAgain: "Try again",
      }}
    />
  );
}

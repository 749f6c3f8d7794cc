"use client";

import { ErrorPage } from "@/components/ui/error-page";

/** Anything a console page did not expect: no message or stack reaches the browser, only a reference. */
export default function DevelopersError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorPage
      error={error}
      reset={reset}
      padded
      words={{
        title: "Something went wrong",
        text: "This page could not be shown. Try again in a moment.",
        reference: (digest) => `Reference: ${digest}`,
        tryAgain: "Try again",
      }}
    />
  );
}

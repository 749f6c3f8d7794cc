"use client";

import { ErrorPage } from "@/components/ui/error-page";
import { consoleFormBusyText } from "@/lib/forms/console-busy";

/** Anything a console page did not expect: no message or stack reaches the browser, only a reference. */
export default function DevelopersError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // A sign-in or sign-up this server had no room for (its 503's text, raised by the form's script): said as it is.
  const busy = error.message === consoleFormBusyText;
  return (
    <ErrorPage
      error={error}
      reset={reset}
      padded
      words={
        busy
          ? { title: "The console is busy", text: consoleFormBusyText, tryAgain: "Try again" }
          : {
              title: "Something went wrong",
              text: "This page could not be shown. Try again in a moment.",
              reference: (digest) => `Reference: ${digest}`,
              tryAgain: "Try again",
            }
      }
    />
  );
}

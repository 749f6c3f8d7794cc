import { Button } from "./button";
import { ErrorPanel } from "./error-panel";

export interface ErrorPageWords {
  title: string;
  text: string;
  /** The reference line for a digest ("Reference: …"): what the reader quotes to support; none where nothing failed. */
  reference?: (digest: string) => string;
  tryAgain: string;
}

/**
 * What an error boundary (a route's error.tsx) shows for anything a page did
 * not expect: the error's message and stack stay on the server (production
 * sends only a digest), the reader gets plain words, the digest to quote and
 * a way to try again. Each area says it in its own words.
 */
export function ErrorPage({
  error,
  reset,
  words,
  padded = false,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  words: ErrorPageWords;
  /** Room around the panel, for a layout whose main area has none. */
  padded?: boolean;
}) {
  const panel = (
    <ErrorPanel
      headingLevel={1}
      title={words.title}
      action={
        <Button variant="secondary" onClick={reset}>
          {words.tryAgain}
        </Button>
      }
    >
      <p>{words.text}</p>
      {error.digest && words.reference ? (
        <p className="mt-2 text-xs opacity-80">{words.reference(error.digest)}</p>
      ) : null}
    </ErrorPanel>
  );
  return padded ? <div className="mx-auto max-w-5xl px-4 py-8">{panel}</div> : panel;
}

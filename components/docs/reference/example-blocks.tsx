"use client";

import { bodyText } from "@/lib/docs/reference/try-it";
import { CodeBlock } from "../code-block";

/*
 * Examples rendered from their value in the browser's bundle too: the page
 * carries each example once as compact JSON, rather than as its indented
 * text escaped twice over (the HTML is rendered on the server all the same).
 */

/** A request or response example in a code block with a copy button, as its media type sends it. */
export function ExampleCodeBlock({
  value,
  mediaType,
  label,
  id,
}: {
  value: unknown;
  mediaType: string;
  label: string;
  id?: string;
}) {
  return (
    <CodeBlock
      code={bodyText({ mediaType }, value)}
      label={label}
      language={mediaType.includes("json") ? "json" : undefined}
      id={id}
    />
  );
}

/** A short JSON example that wraps instead of scrolling (an error body): no region to scroll, nothing to focus. */
export function JsonExample({ value }: { value: unknown }) {
  return <pre className="ref-example">{JSON.stringify(value, null, 2)}</pre>;
}

import { useId } from "react";
import { CopyButton } from "./copy-button";
import { focusRingOnDark } from "@/components/ui/focus-ring";

/** A block of code with a copy button; long lines scroll inside the block, never the page. */
export function CodeBlock({
  code,
  label,
  language,
  id: givenId,
}: {
  code: string;
  label: string;
  language?: string;
  /** The code element's id, for a script that reads the code (the reference's try-it); one is made otherwise. */
  id?: string;
}) {
  const madeId = useId();
  const id = givenId ?? madeId;
  return (
    <figure className="my-4 overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-300">{label}</span>
        <CopyButton sourceId={id} label={`Copy: ${label}`} />
      </figcaption>
      <pre
        tabIndex={0}
        role="region"
        aria-label={label}
        className={`overflow-x-auto p-3 text-xs leading-relaxed text-slate-100 ${focusRingOnDark} focus-visible:ring-inset`}
      >
        <code id={id} data-language={language}>
          {code}
        </code>
      </pre>
    </figure>
  );
}

import type { ReactNode } from "react";
import { focusRing } from "./focus-ring";

/**
 * A native disclosure (details and summary): it opens with the keyboard and
 * without scripting, and screen readers say whether it is open.
 */
export function Disclosure({
  summary,
  children,
  className,
}: {
  summary: ReactNode;
  children: ReactNode;
  /** The box around it (margins, a border); the summary's look is the same everywhere. */
  className?: string;
}) {
  return (
    <details className={className}>
      <summary className={`cursor-pointer rounded text-sm font-medium text-brand-700 ${focusRing}`}>{summary}</summary>
      {children}
    </details>
  );
}

import type { ReactNode, Ref } from "react";
import { Disclosure } from "./disclosure";
import { focusRing } from "./focus-ring";

export type ErrorPanelTone = "error" | "warning" | "neutral";

const tones: Record<ErrorPanelTone, string> = {
  error: "border-rose-300 bg-rose-50 text-rose-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  neutral: "border-slate-200 bg-white text-slate-900",
};

export interface ErrorPanelProps {
  title: ReactNode;
  /** What happened and what to do, in the reader's words: never a status code or a stack. */
  children: ReactNode;
  /** What whoever helps the reader needs (a reference, a status): kept closed under `detailsLabel`. */
  details?: ReactNode;
  detailsLabel?: string;
  /** The way on: try again, or back (a Button or a ButtonLink). */
  action?: ReactNode;
  /** error: something failed; warning: the service is away or refused; neutral: nothing there (a 404). */
  tone?: ErrorPanelTone;
  /** 1 where the panel is the page (an error page), 2 inside a page. */
  headingLevel?: 1 | 2;
  /** Said at once to screen readers (role="alert"); off for a page that is simply not there. */
  alert?: boolean;
  /** Set (with `tabIndex={-1}`) when the page moves the focus to the panel. */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
  /** Layout only (margins). */
  className?: string;
}

/** A problem that takes a page or a part of one: its title, its words, optional technical details, the way on. */
export function ErrorPanel({
  title,
  children,
  details,
  detailsLabel = "Technical details",
  action,
  tone = "error",
  headingLevel = 2,
  alert = true,
  ref,
  tabIndex,
  className,
}: ErrorPanelProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div
      ref={ref}
      role={alert ? "alert" : undefined}
      tabIndex={tabIndex}
      className={["rounded-xl border p-5", tones[tone], tabIndex === undefined ? "" : focusRing, className]
        .filter(Boolean)
        .join(" ")}
    >
      <Heading className="text-lg font-semibold">{title}</Heading>
      <div className="mt-1 text-sm">{children}</div>
      {details ? (
        <Disclosure summary={detailsLabel} className="mt-3">
          <div className="mt-2 text-xs break-all">{details}</div>
        </Disclosure>
      ) : null}
      {action ? <div className="mt-4 flex flex-wrap gap-3">{action}</div> : null}
    </div>
  );
}

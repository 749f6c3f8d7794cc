import type { ReactNode, Ref } from "react";
import { focusRing } from "./focus-ring";

export type NoticeTone = "info" | "success" | "warning" | "error";

const tones: Record<NoticeTone, string> = {
  info: "border-brand-600 bg-brand-50 text-brand-900",
  success: "border-green-700 bg-green-50 text-green-900",
  warning: "border-amber-500 bg-amber-50 text-amber-950",
  error: "border-red-700 bg-red-50 text-red-900",
};

/** A notice's box, for an element that cannot be a Notice (a live region that is there before its message). */
export function noticeStyles(tone: NoticeTone): string {
  return `rounded-lg border-l-4 p-4 text-sm ${tones[tone]}`;
}

export interface NoticeProps {
  tone?: NoticeTone;
  /**
   * How assistive technology hears it: "status" is read out politely when it
   * appears (a confirmation), "alert" at once (a refusal, a problem), "note"
   * is read in its place; none for a notice that is simply part of the page.
   */
  role?: "status" | "alert" | "note";
  /** A line in bold above the text. */
  title?: ReactNode;
  children?: ReactNode;
  /** Layout only (margins). */
  className?: string;
  /** Set (with `tabIndex={-1}`) when a form moves the focus to the notice. */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
  /** Hooks for tests and scripts (data-*). */
  [data: `data-${string}`]: string | undefined;
}

/** A message in a box the colour of its tone: information, a success, a warning or an error. */
export function Notice({ tone = "info", role, title, children, className, ref, tabIndex, ...data }: NoticeProps) {
  return (
    <div
      {...data}
      ref={ref}
      role={role}
      tabIndex={tabIndex}
      className={[noticeStyles(tone), tabIndex === undefined ? "" : focusRing, className].filter(Boolean).join(" ")}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {title && children ? <div className="mt-1">{children}</div> : children}
    </div>
  );
}

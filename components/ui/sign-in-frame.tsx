import type { ReactNode } from "react";
import { Notice } from "./notice";

const widths = { md: "max-w-md", lg: "max-w-lg", xl: "max-w-xl" } as const;

export interface SignInFrameProps {
  /** Whose door this is (the programme's or the partner's name), above the heading. */
  eyebrow?: ReactNode;
  /** Beside the eyebrow (a language choice). */
  aside?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  /** Why the reader is here (signed out, a session ended) or what went wrong: above the form. */
  notice?: { text: ReactNode; tone: "info" | "error" };
  /** The form, in a card; or, with `card={false}`, choices that are cards themselves. */
  children: ReactNode;
  card?: boolean;
  /** Links on (sign up, back home) and small print, under the form. */
  footer?: ReactNode;
  width?: keyof typeof widths;
  /** The page's main landmark; off where the layout already gives one. */
  main?: boolean;
}

/**
 * The centred column every sign-in and sign-up page stands in: the staff
 * console's, the developer console's and the member portal's.
 */
export function SignInFrame({
  eyebrow,
  aside,
  title,
  intro,
  notice,
  children,
  card = true,
  footer,
  width = "md",
  main = false,
}: SignInFrameProps) {
  const Frame = main ? "main" : "div";
  return (
    <Frame id={main ? "main" : undefined} className={`mx-auto w-full ${widths[width]} px-4 py-10 sm:py-16`}>
      {eyebrow || aside ? (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
          {aside}
        </div>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {intro ? <p className="mt-3 text-slate-700">{intro}</p> : null}
      {notice ? (
        <Notice tone={notice.tone} role={notice.tone === "error" ? "alert" : "status"} className="mt-6">
          {notice.text}
        </Notice>
      ) : null}
      <div className={card ? "mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" : "mt-8"}>
        {children}
      </div>
      {footer ? <div className="mt-6 space-y-4 text-sm text-slate-700">{footer}</div> : null}
    </Frame>
  );
}

import { IntentLink } from "@/components/ui/intent-link";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from "react";
import { focusRing, focusRingOnDark } from "./focus-ring";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link" | "on-dark";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonLook {
  /** primary: the page's main action; secondary: any other; danger: one that destroys; link: reads as a link. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Layout only (margins, width): the look comes from the variant and the size. */
  className?: string;
}

const variants: Record<ButtonVariant, string> = {
  primary: `bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 ${focusRing}`,
  secondary: `border border-slate-300 bg-white font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 ${focusRing}`,
  danger: `bg-red-700 font-semibold text-white shadow-sm hover:bg-red-800 ${focusRing}`,
  link: `font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`,
  "on-dark": `border border-slate-500 font-medium text-white hover:border-white ${focusRingOnDark}`,
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-11 px-5 py-2.5 text-base",
};

/** The classes of a button of this look, for the rare element that must be styled as one (a summary). */
export function buttonStyles({ variant = "primary", size = "md", className }: ButtonLook = {}): string {
  // A link-like button keeps a link's size: only the height of a touch target and a little room for the ring.
  const box = variant === "link" ? `min-h-11 px-1 ${size === "lg" ? "text-base" : "text-sm"}` : sizes[size];
  return [
    "inline-flex items-center justify-center gap-2 rounded-lg focus-visible:ring-offset-2",
    // A pager's "Previous" on the first page is a span marked aria-disabled: it looks switched off and takes no pointer.
    "disabled:cursor-wait disabled:opacity-80 aria-disabled:pointer-events-none aria-disabled:opacity-60",
    box,
    variants[variant],
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook & { ref?: Ref<HTMLButtonElement> };

/** A button; `type="button"` unless said otherwise, so one inside a form never submits it by accident. */
export function Button({ variant, size, className, type = "button", ...button }: ButtonProps) {
  return <button type={type} {...button} className={buttonStyles({ variant, size, className })} />;
}

export type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> &
  ButtonLook & {
    href: string;
    /**
     * A plain `<a>`, which the browser follows itself: a download, or a page
     * that must not be prefetched or reached by client-side navigation.
     * Otherwise Next.js's Link, prefetching on intent (IntentLink).
     */
    plain?: boolean;
    ref?: Ref<HTMLAnchorElement>;
  };

/** A link that looks like a button: it goes somewhere, where a button does something. */
export function ButtonLink({ variant, size, className, plain, ...anchor }: ButtonLinkProps) {
  const classes = buttonStyles({ variant, size, className });
  return plain ? <a {...anchor} className={classes} /> : <IntentLink {...anchor} className={classes} />;
}

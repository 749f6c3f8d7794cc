import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/button";

/**
 * The form's submit button. While the submission runs it says so (the label
 * changes and aria-busy is set) and refuses a second click, so a slow answer
 * does not lead to a double registration or update.
 */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className={buttonStyles({ variant: "primary", size: "lg", className: "w-full sm:w-auto" })}
    >
      {pending ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 animate-spin">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="4" className="opacity-25" />
          <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="4" />
        </svg>
      ) : null}
      {pending ? pendingLabel : children}
    </button>
  );
}

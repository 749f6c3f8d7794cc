import type { ReactNode } from "react";

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
      className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-80 sm:w-auto"
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

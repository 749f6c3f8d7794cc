import type { FormEvent, ReactNode } from "react";
import { FormStatus } from "@/components/forms/form-alert";
import { SubmitButton } from "@/components/forms/submit-button";

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

/** A console form in its card, its submit button last: posted by the page's script, checked by the form first. */
export function StaffFormCard({
  onSubmit,
  submit,
  labelledBy,
  roomy = false,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The button's words, and what it says while the action runs. */
  submit: { label: string; pendingLabel: string; pending: boolean };
  /** The id of the form's heading, when it has one. */
  labelledBy?: string;
  /** More space between the fields (forms of several fields). */
  roomy?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      className={`${roomy ? "space-y-5" : "space-y-4"} ${card}`}
    >
      {children}
      <div className="flex justify-end">
        <SubmitButton pending={submit.pending} pendingLabel={submit.pendingLabel}>
          {submit.label}
        </SubmitButton>
      </div>
    </form>
  );
}

/** What stays of a form once its action is done and the page no longer offers it: the outcome, if any. */
export function StaffOutcomeCard({ message }: { message: string | undefined }) {
  return message ? (
    <div className={card}>
      <FormStatus message={message} />
    </div>
  ) : null;
}

"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import type { StaffActionFormState } from "./use-staff-action-form";

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

/**
 * A console form in its card (useStaffActionForm's state): its heading, what it says first, the alert of a
 * refusal, the outcome in words, the fields, and its submit button last. Posted by the page's script, checked by the
 * form first.
 */
export function StaffFormCard({
  form,
  submit,
  heading,
  intro,
  roomy = false,
  children,
}: {
  form: Pick<StaffActionFormState<unknown>, "submit" | "pending" | "messages" | "alertTitle" | "status">;
  /** The button's words, and what it says while the action runs. */
  submit: { label: string; pendingLabel: string };
  /** The form's heading, when it has one (the form is labelled by it). */
  heading?: string;
  intro?: ReactNode;
  /** More space between the fields (forms of several fields). */
  roomy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal's alert takes the focus, so a screen reader and the eye land on what to mend.
  useEffect(() => {
    if (form.messages.length > 0) alertRef.current?.focus();
  }, [form.messages]);
  return (
    <form
      noValidate
      method="post"
      onSubmit={form.submit}
      aria-labelledby={heading ? headingId : undefined}
      className={`${roomy ? "space-y-5" : "space-y-4"} ${card}`}
    >
      {heading ? (
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
      ) : null}
      {intro}
      <FormAlert ref={alertRef} title={form.alertTitle} messages={form.messages} />
      {form.status === false ? null : <FormStatus message={form.status} />}
      {children}
      <div className="flex justify-end">
        <SubmitButton pending={form.pending} pendingLabel={submit.pendingLabel}>
          {submit.label}
        </SubmitButton>
      </div>
    </form>
  );
}

/** What stays of a form once its action is done and the page no longer offers it: the outcome, if any. */
export function StaffOutcomeCard({ message }: { message: string | false | undefined }) {
  return message ? (
    <div className={card}>
      <FormStatus message={message} />
    </div>
  ) : null;
}

"use client";

import { useState, type FormEvent } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { refusal, type StaffActionResult } from "@/lib/actions/action-result";

/** What a console form hands its card (StaffFormCard): the submit handler and what the form says after it. */
export interface StaffActionFormState<Data> {
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  pending: boolean;
  /** The refusal's messages that belong to no field (the form's alert shows them, and takes the focus). */
  messages: string[];
  /** The alert's title when the action is refused. */
  alertTitle: string;
  /** What the last successful call answered; cleared when the form is sent again. */
  outcome: Data | undefined;
  /** The outcome in words (`said`); false for a form that shows its outcome otherwise. */
  status: string | undefined | false;
}

/**
 * The console's forms' one submit scaffold: the form's own checks, then
 * `action` with the parsed values. A success is kept as `outcome`, said in
 * words by `said`, and goes to `onSuccess` (to reset the form); a refusal
 * puts each field's message under that field (those named in `fields`) and
 * everything else in the form's alert (titled `refused.title`), which takes
 * the focus. A call that throws (the network) is a refusal worded by
 * `refused.notSent`: the change may not have been made.
 */
export function useStaffActionForm<Values extends FieldValues, Parsed, Data>({
  form,
  fields,
  refused,
  action,
  said,
  onSuccess,
}: {
  form: Pick<UseFormReturn<Values, unknown, Parsed>, "setError" | "handleSubmit" | "formState">;
  fields: readonly Path<Values>[];
  refused: { title: string; notSent: string };
  action: (values: Parsed) => Promise<StaffActionResult<Data>>;
  said?: (data: Data) => string;
  onSuccess?: (data: Data) => void;
}): StaffActionFormState<Data> {
  const [messages, setMessages] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Data>();

  const send = async (values: Parsed) => {
    setMessages([]);
    setOutcome(undefined);
    let result: StaffActionResult<Data>;
    try {
      result = await action(values);
    } catch {
      result = refusal("failed", refused.notSent);
    }
    if (result.ok) {
      setOutcome(result.data);
      onSuccess?.(result.data);
      return;
    }
    const rest = [result.message];
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      if ((fields as readonly string[]).includes(field))
        form.setError(field as Path<Values>, { type: "server", message });
      else rest.push(message);
    }
    setMessages(rest);
  };

  // handleSubmit is called in the event, not during render: its callback reads a ref.
  const submit = (event: FormEvent<HTMLFormElement>) => form.handleSubmit(send)(event);

  const status = !said ? false : outcome === undefined ? undefined : said(outcome);
  return {
    submit,
    pending: form.formState.isSubmitting,
    messages,
    alertTitle: refused.title,
    outcome,
    status,
  };
}

"use client";

import { useRef, useState, type FormEvent } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { refusal, type StaffActionResult } from "@/lib/portal/action-result";

/**
 * What the console's forms do with a staff action's answer: a success goes
 * to `onSuccess`; a refusal puts each field's message under that field
 * (those named in `fields`) and everything else in the form's alert, which
 * takes the focus. A call that throws (the network) is a refusal worded by
 * `notSent`: the change may not have been made.
 */
export function useStaffActionForm<Values extends FieldValues, Parsed, Data>({
  form,
  fields,
  notSent,
  onSuccess,
}: {
  form: Pick<UseFormReturn<Values, unknown, Parsed>, "setError" | "handleSubmit">;
  fields: readonly Path<Values>[];
  notSent: string;
  onSuccess: (data: Data) => void;
}) {
  const [messages, setMessages] = useState<string[]>([]);
  const alertRef = useRef<HTMLDivElement>(null);

  const send = async (call: () => Promise<StaffActionResult<Data>>) => {
    setMessages([]);
    let result: StaffActionResult<Data>;
    try {
      result = await call();
    } catch {
      result = refusal("failed", notSent);
    }
    if (result.ok) {
      onSuccess(result.data);
      return;
    }
    const rest = [result.message];
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      if ((fields as readonly string[]).includes(field))
        form.setError(field as Path<Values>, { type: "server", message });
      else rest.push(message);
    }
    setMessages(rest);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  /**
   * The form's submit handler: the form's own checks, then `onValid` (which calls `send`). handleSubmit is
   * called in the event, not during render: the callback reads a ref.
   */
  const submitWith = (onValid: (values: Parsed) => Promise<void>) => (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(onValid)(event);

  return { messages, alertRef, send, submitWith };
}

"use client";

import type { ReactNode, Ref } from "react";
import { Notice, noticeStyles } from "@/components/ui/notice";
import { focusRing } from "@/components/ui/focus-ring";
import { useFormMessage } from "./use-form-message";

/**
 * The form's alert region for refusals that belong to no single field.
 * Focusable (tabIndex -1) so the form can move focus to it when no field is
 * to blame, and role="alert" so screen readers announce it.
 */
export function FormAlert({
  title,
  messages,
  ref,
  children,
}: {
  title: string;
  messages: readonly string[];
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}) {
  const translate = useFormMessage();
  if (messages.length === 0) return null;
  return (
    <Notice ref={ref} role="alert" tabIndex={-1} tone="error" title={title}>
      {messages.length === 1 ? (
        <p>{translate(messages[0]!)}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5">
          {messages.map((message) => (
            <li key={message}>{translate(message)}</li>
          ))}
        </ul>
      )}
      {children}
    </Notice>
  );
}

/** A polite confirmation ("Your profile is saved"). */
export function FormStatus({
  message,
  tone = "success",
  ref,
}: {
  message?: string;
  tone?: "success" | "info";
  /** Focusable (tabIndex -1) so a form can move focus to what it just confirmed. */
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      tabIndex={message ? -1 : undefined}
      className={`rounded-lg ${focusRing}`}
    >
      {message ? <p className={`${noticeStyles(tone)}${tone === "success" ? "font-medium" : ""}`}>{message}</p> : null}
    </div>
  );
}

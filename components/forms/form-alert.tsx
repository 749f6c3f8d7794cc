"use client";

import type { ReactNode, Ref } from "react";
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
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-sm text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      <p className="font-semibold">{title}</p>
      {messages.length === 1 ? (
        <p className="mt-1">{translate(messages[0]!)}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {messages.map((message) => (
            <li key={message}>{translate(message)}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
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
      className="rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-green-700"
    >
      {message ? (
        <p
          className={
            tone === "success"
              ? "rounded-lg border-l-4 border-green-700 bg-green-50 p-4 text-sm font-medium text-green-900"
              : "rounded-lg border-l-4 border-slate-500 bg-slate-100 p-4 text-sm text-slate-800"
          }
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

"use client";

import { useActionState, type ReactNode } from "react";
import { ConsoleAnswer, type ConsoleFormAction } from "./console-answer";

const buttonStyles = {
  primary:
    "bg-white text-slate-900 border border-slate-400 hover:border-brand-600 hover:text-brand-700 focus-visible:ring-brand-600",
  danger: "bg-white text-red-800 border border-red-700 hover:bg-red-50 focus-visible:ring-red-700",
} as const;

/**
 * One console action (roll a key, roll a secret, reset): a form with hidden
 * fields and a button, confirmed by the browser's dialog when asked, whose
 * answer (and any new secret, shown once) appears beside it.
 */
export function ConsoleActionForm({
  action,
  fields = {},
  label,
  pendingLabel,
  confirm,
  secretLabel,
  tone = "primary",
  children,
}: {
  action: ConsoleFormAction;
  fields?: Record<string, string>;
  label: string;
  pendingLabel: string;
  confirm?: string;
  secretLabel?: string;
  tone?: keyof typeof buttonStyles;
  children?: ReactNode;
}) {
  const [state, submit, pending] = useActionState(action, null);
  return (
    <form
      action={submit}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
      className="space-y-3"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className={`inline-flex min-h-11 items-center rounded-md px-4 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-80 ${buttonStyles[tone]}`}
      >
        {pending ? pendingLabel : label}
      </button>
      <ConsoleAnswer result={state} secretLabel={secretLabel} />
    </form>
  );
}

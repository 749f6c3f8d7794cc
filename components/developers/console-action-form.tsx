"use client";

import { useActionState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ConsoleAnswer, type ConsoleFormAction } from "./console-answer";

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
  tone = "default",
  done = false,
  children,
}: {
  action: ConsoleFormAction;
  fields?: Record<string, string>;
  label: string;
  pendingLabel: string;
  confirm?: string;
  secretLabel?: string;
  /** danger for an action that destroys (a reset, a removal): the button is red. */
  tone?: "default" | "danger";
  /** What the action does is already the case (the receiver is added): no button, but an answer still shows. */
  done?: boolean;
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
      {done ? null : (
        <Button
          type="submit"
          variant={tone === "danger" ? "danger" : "secondary"}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? pendingLabel : label}
        </Button>
      )}
      <ConsoleAnswer result={state} secretLabel={secretLabel} />
    </form>
  );
}

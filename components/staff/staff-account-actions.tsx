"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { StaffActionResult } from "@/lib/actions/action-result";
import { reasonSchema } from "@/lib/portal/staff/reason";
import type { StaffAccountActionInput } from "@/lib/portal/staff/staff-forms";
import { OneTimePassword } from "./one-time-password";
import { ReasonField } from "./reason-field";

const schema = z.object({ reason: reasonSchema });

export interface StaffAccountActionsProps {
  staffId: string;
  username: string;
  disabled: boolean;
  onDisable: (
    input: StaffAccountActionInput,
  ) => Promise<StaffActionResult<{ username: string; sessionsEnded: number }>>;
  onReset: (input: StaffAccountActionInput) => Promise<StaffActionResult<{ username: string; password: string }>>;
}

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border px-4 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:opacity-60";

/** Disable an account or reset its password, each with a reason (one reason field, two buttons). */
export function StaffAccountActions({ staffId, username, disabled, onDisable, onReset }: StaffAccountActionsProps) {
  const form = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { reason: "" } });
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; message: string }>();
  const [password, setPassword] = useState<string>();
  const name = `reason-${username}`;

  const run = (which: "disable" | "reset") =>
    form.handleSubmit(async ({ reason }) => {
      setOutcome(undefined);
      setPassword(undefined);
      try {
        if (which === "disable") {
          const result = await onDisable({ staffId, reason });
          if (result.ok) {
            setOutcome({
              tone: "success",
              message: `${username} is disabled; ${result.data.sessionsEnded} session(s) ended.`,
            });
            form.reset({ reason: "" });
          } else setOutcome({ tone: "error", message: result.fieldErrors?.reason ?? result.message });
        } else {
          const result = await onReset({ staffId, reason });
          if (result.ok) {
            setPassword(result.data.password);
            form.reset({ reason: "" });
          } else setOutcome({ tone: "error", message: result.fieldErrors?.reason ?? result.message });
        }
      } catch {
        setOutcome({ tone: "error", message: "Nothing was changed: check your connection and try again." });
      }
    });

  // Once disabled (the page is rendered again after it), only what was just done stays on screen.
  if (disabled) {
    return outcome ? (
      <p role="status" className="mt-3 text-sm font-medium text-green-800">
        {outcome.message}
      </p>
    ) : null;
  }
  return (
    <form
      noValidate
      method="post"
      onSubmit={(event) => event.preventDefault()}
      aria-label={`Change ${username}`}
      className="mt-3 space-y-3"
    >
      <ReasonField
        registration={form.register("reason", { shouldUnregister: false })}
        error={form.formState.errors.reason?.message}
        hint={`Why you change ${username}'s account.`}
        id={name}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          disabled={form.formState.isSubmitting}
          onClick={() => void run("reset")()}
          className={`${buttonClass} border-slate-300 bg-white text-slate-800 hover:border-brand-600 focus-visible:ring-brand-600`}
        >
          Reset password
        </button>
        <button
          type="button"
          disabled={form.formState.isSubmitting}
          onClick={() => void run("disable")()}
          className={`${buttonClass} border-rose-700 bg-rose-700 text-white hover:bg-rose-800 focus-visible:ring-rose-700`}
        >
          Disable account
        </button>
      </div>
      {password ? <OneTimePassword username={username} password={password} /> : null}
      {outcome ? (
        <p
          role={outcome.tone === "error" ? "alert" : "status"}
          className={`text-sm font-medium ${outcome.tone === "error" ? "text-red-700" : "text-green-800"}`}
        >
          {outcome.message}
        </p>
      ) : null}
    </form>
  );
}

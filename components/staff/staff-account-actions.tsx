"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { StaffActionResult } from "@/lib/actions/action-result";
import { reasonSchema } from "@/lib/portal/staff/reason";
import { countOf } from "@/lib/portal/staff/staff-plurals";
import type { StaffAccountActionInput } from "@/lib/portal/staff/staff-forms";
import { OneTimePassword } from "./one-time-password";
import { ReasonField } from "./reason-field";
import { Button } from "@/components/ui/button";

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
              message: `${username} is disabled; ${countOf(result.data.sessionsEnded, { one: "session", other: "sessions" })} ended.`,
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
        <Button variant="secondary" disabled={form.formState.isSubmitting} onClick={() => void run("reset")()}>
          Reset password
        </Button>
        <Button variant="danger" disabled={form.formState.isSubmitting} onClick={() => void run("disable")()}>
          Disable account
        </Button>
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

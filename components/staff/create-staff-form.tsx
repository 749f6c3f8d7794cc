"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/forms/form-alert";
import { SelectField } from "@/components/forms/select-field";
import { TextField } from "@/components/forms/text-field";
import type { StaffActionResult } from "@/lib/portal/action-result";
import { createStaffSchema, type CreateStaffInput } from "@/lib/portal/staff/staff-forms";
import { roleLabels, staffRoles } from "@/lib/portal/staff/staff-roles";
import { OneTimePassword } from "./one-time-password";
import { ReasonField } from "./reason-field";
import { StaffFormCard } from "./staff-form-card";
import { useStaffActionForm } from "./use-staff-action-form";

type Values = z.input<typeof createStaffSchema>;
type Parsed = z.output<typeof createStaffSchema>;

/** ADMIN: a new staff account; the generated password is shown once. */
export function CreateStaffForm({
  onCreate,
}: {
  onCreate: (input: CreateStaffInput) => Promise<StaffActionResult<{ username: string; password: string }>>;
}) {
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(createStaffSchema),
    defaultValues: { username: "", role: "AGENT", reason: "" },
  });
  const [created, setCreated] = useState<{ username: string; password: string }>();
  const { messages, alertRef, send, submitWith } = useStaffActionForm({
    form,
    fields: ["username", "role", "reason"],
    notSent: "The account could not be created. Check your connection and try again.",
    onSuccess: (account: { username: string; password: string }) => {
      setCreated(account);
      form.reset({ username: "", role: "AGENT", reason: "" });
    },
  });

  const onValid = () => {
    setCreated(undefined);
    return send(() => onCreate(form.getValues()));
  };
  const submit = submitWith(onValid);

  return (
    <StaffFormCard
      onSubmit={submit}
      submit={{ label: "Create account", pendingLabel: "Creating…", pending: form.formState.isSubmitting }}
      labelledBy="create-heading"
      roomy
    >
      <h2 id="create-heading" className="text-lg font-semibold text-slate-900">
        Create a staff account
      </h2>
      <FormAlert ref={alertRef} title="The account was not created" messages={messages} />
      {created ? <OneTimePassword username={created.username} password={created.password} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          registration={form.register("username")}
          label="Username"
          hint="Letters, digits and . _ -; kept in lower case."
          autoComplete="off"
          spellCheck={false}
          maxLength={50}
          error={form.formState.errors.username?.message}
        />
        <SelectField
          registration={form.register("role")}
          label="Role"
          options={staffRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
          defaultValue="AGENT"
          error={form.formState.errors.role?.message}
        />
      </div>
      <ReasonField registration={form.register("reason")} error={form.formState.errors.reason?.message} />
    </StaffFormCard>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SelectField } from "@/components/forms/select-field";
import { TextField } from "@/components/forms/text-field";
import type { StaffActionResult } from "@/lib/actions/action-result";
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
  const create = useStaffActionForm({
    form,
    fields: ["username", "role", "reason"],
    // The form's own values: the action parses them again.
    action: () => onCreate(form.getValues()),
    onSuccess: () => form.reset({ username: "", role: "AGENT", reason: "" }),
    refused: {
      title: "The account was not created",
      notSent: "The account could not be created. Check your connection and try again.",
    },
  });

  return (
    <StaffFormCard
      form={create}
      submit={{ label: "Create account", pendingLabel: "Creating…" }}
      heading="Create a staff account"
      roomy
    >
      {create.outcome ? (
        <OneTimePassword username={create.outcome.username} password={create.outcome.password} />
      ) : null}
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

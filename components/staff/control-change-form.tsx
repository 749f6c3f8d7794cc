"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { SelectField } from "@/components/forms/select-field";
import { TextField } from "@/components/forms/text-field";
import type { StaffActionResult } from "@/lib/actions/action-result";
import {
  controlFieldValue,
  describeControlValue,
  parseControlValue,
  staffControlNames,
  staffControls,
  type ControlChangeOutcome,
  type StaffControlName,
} from "@/lib/portal/staff/staff-control-catalogue";
import { changeControlSchema, type ChangeControlInput } from "@/lib/portal/staff/staff-forms";
import { ReasonField } from "./reason-field";
import { StaffFormCard } from "./staff-form-card";
import { useStaffActionForm } from "./use-staff-action-form";

type Values = z.input<typeof changeControlSchema>;
type Parsed = z.output<typeof changeControlSchema>;

/** What the change will do, before it is sent: stricter at once, looser only with a second administrator. */
function whatHappens(control: StaffControlName, current: number, text: string): string | undefined {
  const parsed = parseControlValue(control, text);
  if (!parsed.ok || parsed.stored === current) return undefined;
  return parsed.stored < current
    ? "Stricter: it applies as soon as you save it."
    : "Looser: it applies only once another administrator approves it.";
}

/** ADMIN: a new value for one control, with why. */
export function ControlChangeForm({
  values,
  onChange,
}: {
  /** Every control's current value, in stored units. */
  values: Record<StaffControlName, number>;
  onChange: (input: ChangeControlInput) => Promise<StaffActionResult<ControlChangeOutcome>>;
}) {
  const initial: Values = {
    control: "goodwillApprovalPoints",
    value: controlFieldValue("goodwillApprovalPoints", values.goodwillApprovalPoints),
    reason: "",
  };
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(changeControlSchema), defaultValues: initial });
  const control = useWatch({ control: form.control, name: "control" }) as StaffControlName;
  const text = useWatch({ control: form.control, name: "value" }) ?? "";
  const change = useStaffActionForm({
    form,
    fields: ["control", "value", "reason"],
    action: () => onChange(form.getValues()),
    said: (changed) =>
      changed.outcome === "applied"
        ? `Saved: ${describeControlValue(changed.control, changed.to)}, in force now.`
        : `Asked for ${describeControlValue(changed.control, changed.to)}: it waits below for another administrator.`,
    onSuccess: () => form.reset({ ...form.getValues(), reason: "" }),
    refused: {
      title: "The control was not changed",
      notSent: "The change could not be sent. Check your connection, then reload the page to see where it stands.",
    },
  });
  const definition = staffControls[control] ?? staffControls.goodwillApprovalPoints;
  const controlField = form.register("control", {
    // A control chosen shows its own value to start from.
    onChange: (event: { target: { value: string } }) => {
      const chosen = event.target.value as StaffControlName;
      if (staffControls[chosen]) form.setValue("value", controlFieldValue(chosen, values[chosen]));
    },
  });

  return (
    <StaffFormCard
      form={change}
      submit={{ label: "Save the change", pendingLabel: "Saving…" }}
      heading="Change a control"
      roomy
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          registration={controlField}
          label="Control"
          options={staffControlNames.map((name) => ({ value: name, label: staffControls[name].name }))}
          defaultValue={initial.control}
          error={form.formState.errors.control?.message}
        />
        <TextField
          registration={form.register("value")}
          label="New value"
          hint={`${definition.hint} Now: ${describeControlValue(control, values[control] ?? 0)}.`}
          inputMode={definition.unit === "cash" ? "decimal" : "numeric"}
          autoComplete="off"
          width="short"
          maxLength={20}
          defaultValue={initial.value}
          error={form.formState.errors.value?.message}
        />
      </div>
      <p aria-live="polite" className="text-sm text-slate-700">
        {whatHappens(control, values[control] ?? 0, text) ?? ""}
      </p>
      <ReasonField registration={form.register("reason")} error={form.formState.errors.reason?.message} />
    </StaffFormCard>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { formatPoints } from "@/lib/i18n/format";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { ReasonCodeOption } from "@/lib/portal/staff/reason";
import { creditPointsSchema, type CreditPointsInput } from "@/lib/portal/staff/staff-forms";
import { ReasonCodeFields } from "./reason-code-fields";

type Values = z.input<typeof creditPointsSchema>;
type Parsed = z.output<typeof creditPointsSchema>;

export interface CreditDone {
  /** True when the credit waits for another administrator's approval (the balance has not moved). */
  requested: boolean;
  points: number;
  balanceAfter: number | null;
}

export interface CreditPointsFormProps {
  membershipNumber: string;
  /** The member's name, for the confirmation. */
  memberName: string;
  /** The balance as read when the page was drawn; null when the service did not say. */
  balance: number | null;
  /** A credit of more points than this waits for a second administrator. */
  approvalAbove: number;
  /** What is left of the staff member's daily goodwill limit. */
  leftToday: number;
  reasonCodes: readonly ReasonCodeOption[];
  onCredit: (input: CreditPointsInput) => Promise<StaffActionResult<CreditDone>>;
}

const card = "space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const blank = (formKey: string): Values => ({ membershipNumber: "", points: "", reasonCode: "", reason: "", formKey });

/**
 * Goodwill points for a member (ADMIN), in three steps: how many and why;
 * a confirmation with the balance before and after (or that a second
 * administrator must approve it); the outcome. Once done the form is not
 * drawn again with the same amount: another credit starts from an empty
 * form with a new key.
 */
export function CreditPointsForm(props: CreditPointsFormProps) {
  const { membershipNumber, memberName, balance, approvalAbove, leftToday, reasonCodes, onCredit } = props;
  const fresh = () => ({ ...blank(crypto.randomUUID()), membershipNumber });
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(creditPointsSchema), defaultValues: fresh() });
  const [confirming, setConfirming] = useState<Parsed>();
  const [done, setDone] = useState<CreditDone>();
  const [messages, setMessages] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const focused = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const reasonLabel = (code: string) => reasonCodes.find((option) => option.code === code)?.label ?? code;

  useEffect(() => {
    if (confirming || done) focused.current?.focus();
  }, [confirming, done]);
  useEffect(() => {
    if (messages.length > 0) alertRef.current?.focus();
  }, [messages]);

  const review = (event: FormEvent<HTMLFormElement>) => {
    setMessages([]);
    return form.handleSubmit((values) => setConfirming(values))(event);
  };

  const confirm = async () => {
    if (!confirming || pending) return;
    setPending(true);
    setMessages([]);
    let result: StaffActionResult<CreditDone>;
    try {
      result = await onCredit(form.getValues());
    } catch {
      result = {
        ok: false,
        code: "failed",
        message: "The credit could not be sent. Check the balance before trying again.",
      };
    }
    setPending(false);
    if (result.ok) {
      setConfirming(undefined);
      setDone(result.data);
      return;
    }
    setConfirming(undefined);
    const rest = [result.message];
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      if (field === "points" || field === "reasonCode" || field === "reason") form.setError(field, { message });
      else rest.push(message);
    }
    setMessages(rest);
  };

  const again = () => {
    form.reset(fresh());
    setDone(undefined);
  };

  if (done) {
    return (
      <section aria-labelledby="credit-done-heading" className={card}>
        <h2 id="credit-done-heading" ref={focused} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          {done.requested ? "Sent for approval" : "Points credited"}
        </h2>
        <FormStatus
          tone={done.requested ? "info" : "success"}
          message={
            done.requested
              ? `${formatPoints(done.points)} points wait for another administrator's approval (Approvals). The balance has not changed.`
              : `${formatPoints(done.points)} points credited.${done.balanceAfter === null ? "" : ` The balance is now ${formatPoints(done.balanceAfter)} points.`}`
          }
        />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={again}>
            Make another credit
          </Button>
        </div>
      </section>
    );
  }

  if (confirming) {
    const needsApproval = confirming.points > approvalAbove;
    return (
      <section aria-labelledby="credit-confirm-heading" className={card}>
        <h2 id="credit-confirm-heading" ref={focused} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Confirm the credit
        </h2>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Member</dt>
          <dd className="font-medium text-slate-900">{memberName}</dd>
          <dt className="text-slate-600">Points to credit</dt>
          <dd className="font-medium text-slate-900" data-testid="credit-confirm-points">
            {formatPoints(confirming.points)}
          </dd>
          <dt className="text-slate-600">Balance now</dt>
          <dd className="font-medium text-slate-900">{balance === null ? "Not known" : formatPoints(balance)}</dd>
          {balance !== null && !needsApproval ? (
            <>
              <dt className="text-slate-600">Balance after</dt>
              <dd className="font-medium text-slate-900">{formatPoints(balance + confirming.points)}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Reason</dt>
          <dd className="break-words text-slate-900">
            {reasonLabel(confirming.reasonCode)}
            {confirming.reason ? `: ${confirming.reason}` : ""}
          </dd>
        </dl>
        {needsApproval ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            More than {formatPoints(approvalAbove)} points: this becomes a request. The balance moves only when another
            administrator approves it.
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" className="w-full sm:w-auto" onClick={() => setConfirming(undefined)}>
            Change
          </Button>
          <Button
            variant="primary"
            size="lg"
            className="w-full sm:w-auto"
            onClick={confirm}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? "Sending…" : needsApproval ? "Send for approval" : "Credit points"}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form noValidate method="post" onSubmit={review} aria-labelledby="credit-heading" className={card}>
      <h2 id="credit-heading" className="text-lg font-semibold text-slate-900">
        How many points, and why
      </h2>
      <p className="text-sm text-slate-600">
        Balance now:{" "}
        <strong data-testid="credit-balance">
          {balance === null ? "not known" : `${formatPoints(balance)} points`}
        </strong>
        . Above {formatPoints(approvalAbove)} points another administrator must approve. You can credit{" "}
        {formatPoints(leftToday)} more points today.
      </p>
      <FormAlert ref={alertRef} title="No points were credited" messages={messages} />
      <TextField
        registration={form.register("points")}
        label="Points"
        hint="A whole number, at most 999,999."
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        width="short"
        error={form.formState.errors.points?.message}
      />
      <ReasonCodeFields
        codes={reasonCodes}
        code={{ registration: form.register("reasonCode"), error: form.formState.errors.reasonCode?.message }}
        details={{ registration: form.register("reason"), error: form.formState.errors.reason?.message }}
      />
      <div className="flex justify-end">
        <SubmitButton pending={false} pendingLabel="Checking…">
          Review credit
        </SubmitButton>
      </div>
    </form>
  );
}

"use client";

import { useState, useTransition } from "react";
import type { StaffActionResult } from "@/lib/actions/action-result";
import { Button } from "@/components/ui/button";

export interface ContactValues {
  masked: boolean;
  email?: string;
  phones: Array<{ label: string; value: string }>;
}

export interface ContactDetailsView {
  membershipNumber: string;
  contact: ContactValues;
  /** Present for a role that sees them masked: shows them in full (an audited event). */
  reveal?: (input: { membershipNumber: string }) => Promise<StaffActionResult<ContactValues>>;
}

/**
 * The member's email and phone numbers. An agent sees them partly hidden
 * (the server masked them: the rest never reached this page) until they
 * choose to reveal them, which the audit trail records.
 */
export function ContactDetails({ membershipNumber, contact, reveal }: ContactDetailsView) {
  const [shown, setShown] = useState(contact);
  const [problem, setProblem] = useState<string>();
  const [pending, startTransition] = useTransition();

  const onReveal = () =>
    startTransition(async () => {
      if (!reveal) return;
      setProblem(undefined);
      try {
        const result = await reveal({ membershipNumber });
        if (result.ok) setShown(result.data);
        else setProblem(result.message);
      } catch {
        setProblem("The details could not be revealed. Check your connection and try again.");
      }
    });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Email and phone</h3>
        {shown.masked && reveal ? (
          <Button variant="secondary" onClick={onReveal} disabled={pending} aria-busy={pending || undefined}>
            {pending ? "Revealing…" : "Reveal contact details"}
          </Button>
        ) : null}
      </div>
      {shown.masked ? (
        <p className="mt-1 text-sm text-slate-600">Partly hidden. Revealing them is recorded in the audit trail.</p>
      ) : null}
      <dl className="mt-3 grid gap-3 sm:grid-cols-2" aria-live="polite">
        <div>
          <dt className="text-sm text-slate-600">Email address</dt>
          <dd className="mt-0.5 font-medium break-all text-slate-900" data-testid="member-email">
            {shown.email ?? <span className="font-normal text-slate-500">Not given</span>}
          </dd>
        </div>
        {shown.phones.map((phone) => (
          <div key={phone.label}>
            <dt className="text-sm text-slate-600">{phone.label}</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{phone.value}</dd>
          </div>
        ))}
        {shown.phones.length === 0 ? (
          <div>
            <dt className="text-sm text-slate-600">Phone</dt>
            <dd className="mt-0.5 text-slate-500">Not given</dd>
          </div>
        ) : null}
      </dl>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

"use client";

import { useState, useTransition } from "react";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { SelectOption } from "@/lib/forms/select-option";
import type { ReasonCodeOption } from "@/lib/portal/staff/reason";
import type { StaffProfileEditInput } from "@/lib/portal/staff/profile-edit-schema";
import { Button } from "@/components/ui/button";
import type { ContactValues } from "./contact-details";
import { StaffProfileForm } from "./staff-profile-form";

/**
 * The edit page for a role that sees contact details masked: the form holds
 * the email and phone numbers in full, so it opens only when the member of
 * staff asks for it. Asking is a POST (a server action) that the audit trail
 * records once as a reveal; its answer lives in this page only, so a reload
 * shows the details hidden again and records nothing.
 */
export function ContactRevealGate({
  membershipNumber,
  contact,
  countries,
  reasonCodes,
  onReveal,
  onSave,
}: {
  membershipNumber: string;
  contact: ContactValues;
  countries: readonly SelectOption[];
  reasonCodes: readonly ReasonCodeOption[];
  onReveal: (input: { membershipNumber: string }) => Promise<StaffActionResult<MembershipResponse>>;
  onSave: (input: StaffProfileEditInput) => Promise<StaffActionResult<{ changed: string[] }>>;
}) {
  const [membership, setMembership] = useState<MembershipResponse>();
  const [problem, setProblem] = useState<string>();
  const [pending, startTransition] = useTransition();

  if (membership)
    return <StaffProfileForm membership={membership} countries={countries} reasonCodes={reasonCodes} onSave={onSave} />;

  const reveal = () =>
    startTransition(async () => {
      setProblem(undefined);
      try {
        const result = await onReveal({ membershipNumber });
        if (result.ok) setMembership(result.data);
        else setProblem(result.message);
      } catch {
        setProblem("The profile could not be opened. Check your connection and try again.");
      }
    });

  return (
    <section
      aria-labelledby="reveal-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="reveal-heading" className="text-lg font-semibold text-slate-900">
        Email and phone are hidden
      </h2>
      {contact.email || contact.phones.length > 0 ? (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {contact.email ? (
            <div className="contents">
              <dt className="font-medium text-slate-700">Email</dt>
              <dd className="break-all text-slate-900">{contact.email}</dd>
            </div>
          ) : null}
          {contact.phones.map((phone) => (
            <div key={phone.label} className="contents">
              <dt className="font-medium text-slate-700">{phone.label}</dt>
              <dd className="text-slate-900">{phone.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">No email address or phone number on file.</p>
      )}
      <p className="text-sm text-slate-600">
        The profile form shows them in full. Opening it is recorded once in the audit trail as a reveal of the
        member&apos;s contact details; reloading the page hides them again.
      </p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <Button type="button" variant="primary" onClick={reveal} disabled={pending} aria-busy={pending || undefined}>
        {pending ? "Opening…" : "Reveal contact details and edit"}
      </Button>
    </section>
  );
}

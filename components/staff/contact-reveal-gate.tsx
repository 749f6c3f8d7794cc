import type { ContactValues } from "./contact-details";
import { Button } from "@/components/ui/button";

/**
 * The edit page for a role that sees contact details masked: the form holds
 * the email and phone numbers in full, so it opens only when the member of
 * staff asks for it, which the audit trail records as a reveal. A GET form,
 * not a link, so no prefetch ever opens it.
 */
export function ContactRevealGate({ contact }: { contact: ContactValues }) {
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
        The profile form shows them in full. Opening it is recorded in the audit trail as a reveal of the member&apos;s
        contact details.
      </p>
      <form method="get">
        <input type="hidden" name="contact" value="revealed" />
        <Button type="submit" variant="primary">
          Reveal contact details and edit
        </Button>
      </form>
    </section>
  );
}

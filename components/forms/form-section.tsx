import { useId, type ReactNode } from "react";

/** A card of the form under a heading: headings let screen-reader users jump between parts of a long form. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-4 space-y-5">{children}</div>
    </section>
  );
}

/** Fields that only make sense together (an address, a phone number), announced with their legend. */
export function FieldGroup({
  legend,
  description,
  children,
}: {
  legend: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {description ? <div className="mt-0.5 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-3 space-y-4">{children}</div>
    </fieldset>
  );
}

import type { ReactNode } from "react";

/** A value the member can see but no longer change, with the reason said beside it. */
export function ReadOnlyField({
  label,
  value,
  explanation,
}: {
  label: string;
  value: ReactNode;
  explanation?: ReactNode;
}) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1">
        <span className="block text-base text-slate-900">{value}</span>
        {explanation ? <span className="mt-0.5 block text-sm text-slate-600">{explanation}</span> : null}
      </dd>
    </div>
  );
}

import { CopyButton } from "@/components/docs/copy-button";

/** One credential with its name and a copy button; long values wrap inside their box, never the page. */
export function SecretValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2">
        <code data-credential={testId} className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900">
          {value}
        </code>
        <span className="rounded-md bg-slate-800">
          <CopyButton text={value} label={`Copy ${label}`} />
        </span>
      </dd>
    </div>
  );
}

/** Shown while the request log is read from the service. */
export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-5xl space-y-4 px-4 py-8 sm:py-12">
      <span className="sr-only">Loading the request log…</span>
      <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      <div className="h-32 animate-pulse rounded-xl bg-slate-200" />
      <div className="h-64 animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}

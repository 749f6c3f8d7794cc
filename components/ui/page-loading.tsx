import { useTranslations } from "next-intl";

/** Shown while a member page waits for the loyalty service: the page's shape, and a status for screen readers. */
export function PageLoading({ label }: { label?: string }) {
  const t = useTranslations("common");
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">{label ?? t("loading")}</span>
      <div aria-hidden="true" className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-slate-200" />
      <div aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}

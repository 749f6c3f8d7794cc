import { useTranslations } from "next-intl";

/**
 * Said on every page while the app runs as the public sandbox (APP_MODE=sandbox):
 * its accounts, keys and passwords are published, so nothing here is real.
 */
export function SandboxBanner() {
  const t = useTranslations("sandboxBanner");
  return (
    <aside
      aria-label={t("label")}
      className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950"
    >
      {t.rich("text", { strong: (chunks) => <strong className="font-semibold">{chunks}</strong> })}
    </aside>
  );
}

import { useTranslations } from "next-intl";

/** The profile page's heading, shared by the page and its loading state so nothing jumps. */
export function ProfileHeading() {
  const t = useTranslations("profile");
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-1 text-slate-600">{t("intro")}</p>
    </div>
  );
}

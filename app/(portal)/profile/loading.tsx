import { useTranslations } from "next-intl";
import { ProfileHeading } from "@/components/profile/profile-heading";

/** Shown while the profile is read from the service: the page's shape, and a status for screen readers. */
export default function ProfileLoading() {
  const t = useTranslations("profile");
  return (
    <>
      <ProfileHeading />
      <p role="status" className="sr-only">
        {t("loading")}
      </p>
      <div aria-hidden="true" className="space-y-6">
        {[0, 1, 2].map((card) => (
          <div key={card} className="animate-pulse rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="h-5 w-40 rounded bg-slate-200" />
            <div className="mt-5 h-10 rounded bg-slate-100" />
            <div className="mt-4 h-10 rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </>
  );
}

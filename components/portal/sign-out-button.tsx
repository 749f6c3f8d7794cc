"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";

/** Ends the session: next-auth clears the cookie and the server deletes the stored tokens. */
export function SignOutButton() {
  const [leaving, setLeaving] = useState(false);
  const t = useTranslations("header");
  return (
    <button
      type="button"
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        void signOut({ callbackUrl: "/login?reason=signed-out" });
      }}
      className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
    >
      {leaving ? t("loggingOut") : t("logOut")}
    </button>
  );
}

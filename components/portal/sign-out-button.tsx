"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Ends the session: next-auth clears the cookie and the server deletes the stored tokens. */
export function SignOutButton() {
  const [leaving, setLeaving] = useState(false);
  const t = useTranslations("header");
  return (
    <Button
      variant="secondary"
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        void signOut({ callbackUrl: "/login?reason=signed-out" });
      }}
    >
      {leaving ? t("loggingOut") : t("logOut")}
    </Button>
  );
}

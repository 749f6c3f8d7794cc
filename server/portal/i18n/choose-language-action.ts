"use server";

import "server-only";
import { cookies } from "next/headers";
import { z } from "zod";
import { languageCookie, locales } from "@/lib/i18n/locales";
import { currentSessionIdHash } from "@/server/portal/auth/member-session";
import { setSessionLocale } from "@/server/portal/auth/session-store";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { memberAction } from "@/server/portal/member-action";

const chooseLanguageSchema = z.object({ locale: z.enum(locales) });

/**
 * The header's language switcher: the language of the pages, not of the
 * programme's letters. The choice is kept in a cookie (for the pages before
 * signing in, and on this browser) and, for a signed-in member, in the
 * session's row, which every instance reads, so the next page speaks it
 * wherever it is served. The profile's correspondence language is left as
 * it is: it changes on the profile only (the switcher says so).
 */
export const chooseLanguage = memberAction<typeof chooseLanguageSchema, undefined>(
  {
    name: "choose-language",
    session: "none",
    input: chooseLanguageSchema,
    refusals: {
      invalid: { message: "That language is not one of the portal's." },
      unavailable: { message: "The language could not be changed. Please try again." },
    },
  },
  async ({ input }) => {
    (await cookies()).set(languageCookie, input.locale, {
      path: "/",
      maxAge: 60 * 60 * 24 * 365,
      sameSite: "lax",
      httpOnly: true,
    });
    const idHash = await currentSessionIdHash();
    if (idHash) await setSessionLocale(await getPortalDatabase(), idHash, input.locale);
    return undefined;
  },
);

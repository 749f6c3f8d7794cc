"use server";

import "server-only";
import { cookies } from "next/headers";
import { z } from "zod";
import { languageCodeOfLocale, languageCookie, locales } from "@/lib/i18n/locales";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { refusal } from "@/lib/actions/action-result";
import { logger } from "@/server/observability/logger";
import { getMemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { memberAction } from "@/server/portal/member-action";

const chooseLanguageSchema = z.object({ locale: z.enum(locales) });

/**
 * The header's language switcher. The choice is kept in a cookie (for the
 * pages before signing in, and on this browser), and, for a signed-in
 * member, stored as the profile's language (P8): the profile comes first
 * when a page picks its language, so a choice kept only in the cookie
 * would be overruled by it. The profile then follows the member to any
 * browser. Should the service not answer, the member is told: the
 * profile's language still comes first.
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
    const member = await getMemberSession();
    if (!member) return undefined;
    try {
      await loyaltyService().updateMembership(
        member.membershipNumber,
        { member: { person: { locale: { languageCode: languageCodeOfLocale(input.locale) } } } },
        { accessToken: member.accessToken, customerIp: await customerIp() },
      );
    } catch (error) {
      logger.warn(
        { err: error instanceof LoyaltyApiError ? { code: error.code, status: error.status } : error },
        "the profile's language could not be stored; the cookie keeps the choice",
      );
      // The profile's language comes first: until it is stored, the pages keep speaking it.
      return refusal("unavailable", "The language could not be changed. Please try again.");
    }
    return undefined;
  },
);

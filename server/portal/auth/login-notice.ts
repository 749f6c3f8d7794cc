import "server-only";
import type { getTranslations } from "next-intl/server";
import { signInProgrammes } from "@/lib/portal/sign-in-programmes";
import { signInRefusalName } from "@/lib/portal/sign-in-refusals";
import { clientRateLimitWait } from "@/server/portal/rate-limit/client-rate-limit";
import { rateLimitRules } from "@/server/portal/rate-limit/rate-limit-rule";

export type LoginQuery = Record<string, string | string[] | undefined>;

export interface LoginNotice {
  tone: "info" | "error";
  text: string;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What to tell a member who arrives at the login page: why they are signed
 * out, or why the last attempt failed. Always the portal's own words: the
 * query may name a refusal or a programme, it never supplies text.
 */
export async function loginNotice(
  query: LoginQuery,
  t: Awaited<ReturnType<typeof getTranslations<"login">>>,
): Promise<LoginNotice | undefined> {
  const error = first(query.error);
  if (error === "Refused") {
    const programme = signInProgrammes.find((entry) => entry.provider === first(query.provider))?.name;
    return {
      tone: "error",
      text: t(`refusals.${signInRefusalName(first(query.refusal))}`, {
        programme: programme ?? t("theProgramme"),
      }),
    };
  }
  if (error === "RateLimited") {
    // The wait is read from the counter itself, not from the link.
    const wait = await clientRateLimitWait(rateLimitRules().signIn);
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return {
      tone: "error",
      text:
        wait <= 0
          ? t("rateLimitedNow")
          : minutes < 120
            ? t("rateLimitedMinutes", { count: minutes })
            : t("rateLimitedHours", { count: Math.ceil(minutes / 60) }),
    };
  }
  if (error) return { tone: "error", text: t("failed") };
  const reason = first(query.reason);
  if (reason === "session-expired") return { tone: "info", text: t("sessionExpired") };
  if (reason === "signed-out") return { tone: "info", text: t("signedOut") };
  if (first(query.callbackUrl)) return { tone: "info", text: t("signInToSee") };
  return undefined;
}

import "server-only";
import { signInProgrammes } from "@/lib/portal/sign-in-programmes";
import { signInRefusalMessage } from "@/lib/portal/sign-in-refusals";
import { clientRateLimitWait, waitInWords } from "@/server/portal/rate-limit/client-rate-limit";
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
export async function loginNotice(query: LoginQuery): Promise<LoginNotice | undefined> {
  const error = first(query.error);
  if (error === "Refused") {
    const programme =
      signInProgrammes.find((entry) => entry.provider === first(query.provider))?.name ?? "The programme";
    return { tone: "error", text: signInRefusalMessage(first(query.refusal), programme) };
  }
  if (error === "RateLimited") {
    // The wait is read from the counter itself, not from the link.
    const wait = await clientRateLimitWait(rateLimitRules().signIn);
    return {
      tone: "error",
      text: `Too many sign-ins were started from your network. ${
        wait > 0 ? `Please try again in ${waitInWords(wait)}.` : "You can try again now."
      }`,
    };
  }
  if (error) return { tone: "error", text: "We could not sign you in. Please try again." };
  const reason = first(query.reason);
  if (reason === "session-expired") return { tone: "info", text: "Your session has expired. Please sign in again." };
  if (reason === "signed-out") return { tone: "info", text: "You have logged out." };
  if (first(query.callbackUrl)) return { tone: "info", text: "Please sign in to see that page." };
  return undefined;
}

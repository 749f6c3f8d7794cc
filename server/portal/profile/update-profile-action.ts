"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { updateMembershipRequestSchema } from "@/lib/contract/update-membership";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { refusal } from "@/lib/actions/action-result";
import { localeOfLanguageCode } from "@/lib/i18n/locales";
import { endSessionAndLogIn } from "@/server/portal/auth/member-session";
import { setMemberLocale } from "@/server/portal/auth/session-store";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { memberAction } from "@/server/portal/member-action";
import { serviceUnavailableMessage } from "@/server/portal/register/service-refusal";
import { profileRefusal } from "./profile-refusal";

/**
 * The profile form's server action: one PATCH of the signed-in member's own
 * membership. The membership comes from the session, never from the
 * browser, and the body is checked against the update's contract before it
 * is sent on. Programme association is not something the profile offers, so
 * a body carrying `programme` is refused here.
 */
const updateSchema = updateMembershipRequestSchema();

export const updateProfile = memberAction<typeof updateSchema, undefined>(
  {
    name: "update-profile",
    session: "redirect",
    input: updateSchema,
    refusals: {
      invalid: { message: "Some details need correcting.", fieldErrors: true },
      unavailable: { message: serviceUnavailableMessage },
    },
  },
  async ({ input, member }) => {
    if (input.programme) return refusal("invalid", "The profile does not change programmes.");
    try {
      await loyaltyService().updateMembership(member!.membershipNumber, input, {
        accessToken: member!.accessToken,
        customerIp: await customerIp(),
      });
    } catch (error) {
      // A token the service refuses cannot be mended by a refresh: the session ends, as on the other member pages.
      if (error instanceof LoyaltyApiError && error.status === 401) await endSessionAndLogIn("session-expired");
      return profileRefusal(error);
    }
    // A new correspondence language is the pages' language too, in each of the member's sessions, at once.
    const chosen = localeOfLanguageCode(input.member?.person?.locale?.languageCode);
    if (chosen) await setMemberLocale(await getPortalDatabase(), member!, chosen);
    // The page is read again in the same round trip, so the form shows what is now stored.
    revalidatePath("/profile");
    return undefined;
  },
);

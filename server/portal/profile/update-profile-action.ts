"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { messagesByPath } from "@/lib/portal/forms/contract-path";
import type { SubmitResult } from "@/lib/portal/forms/submit-result";
import { updateMembershipRequestSchema } from "@/lib/contract/update-membership";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { endSessionAndLogIn, requireMemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { profileRefusal } from "./profile-refusal";

/**
 * The profile form's server action: one PATCH of the signed-in member's own
 * membership. Next.js refuses an action posted from another origin (CSRF);
 * the membership comes from the session, never from the browser, and the
 * body is checked against the update's contract before it is sent on.
 * Programme association is not something the profile offers, so a body
 * carrying `programme` is refused here.
 */
export async function updateProfile(update: unknown): Promise<SubmitResult> {
  const session = await requireMemberSession();
  const parsed = updateMembershipRequestSchema().safeParse(update);
  if (!parsed.success)
    return { formError: "Some details need correcting.", fieldErrors: messagesByPath(parsed.error.issues) };
  if (parsed.data.programme) return { formError: "The profile does not change programmes." };

  try {
    await loyaltyService().updateMembership(session.membershipNumber, parsed.data, {
      accessToken: session.accessToken,
      customerIp: await customerIp(),
    });
  } catch (error) {
    // A token the service refuses cannot be mended by a refresh: the session ends, as on the other member pages.
    if (error instanceof LoyaltyApiError && error.status === 401) await endSessionAndLogIn("session-expired");
    return profileRefusal(error);
  }
  // The page is read again in the same round trip, so the form shows what is now stored.
  revalidatePath("/profile");
  return {};
}

"use server";

import "server-only";
import { redirect } from "next/navigation";
import { refusal } from "@/lib/actions/action-result";
import { staffSignInSchema, type StaffSignInState } from "@/lib/portal/staff/sign-in-schema";
import { safeStaffPath } from "@/lib/portal/staff/staff-paths";
import { logger } from "@/server/observability/logger";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { memberAction } from "@/server/portal/member-action";
import { signInStaff } from "../sign-in-staff";
import { setStaffSessionCookie, staffSessionLifetime } from "../staff-session";

/**
 * Signing in comes before any staff session, so it cannot go through
 * staffAction: it is the portal's action without a session (memberAction,
 * `session: "none"`, as registration is), through the same one builder:
 * this site's Origin, the schema, errors answered one way, an ActionResult.
 */
const signIn = memberAction<typeof staffSignInSchema, never>(
  {
    name: "staff-sign-in",
    session: "none",
    input: staffSignInSchema,
    refusals: {
      invalid: { message: "Some details need correcting.", fieldErrors: true },
      unavailable: { message: "Signing in is not possible just now. Try again in a few minutes." },
    },
  },
  async ({ input, requestId }) => {
    const result = await signInStaff(await getPortalDatabase(), {
      username: input.username,
      password: input.password,
      ip: await customerIp(),
      requestId,
      lifetime: staffSessionLifetime(),
      now: new Date(),
    });
    if (result.outcome === "refused") {
      logger.info({ requestId }, "staff sign-in refused");
      return refusal("refused", result.message);
    }
    await setStaffSessionCookie(result.sessionId, result.expiresAt);
    // Outside any try: redirect() works by throwing (the action builder lets it through).
    redirect(safeStaffPath(input.next));
  },
);

/**
 * The staff login form's action (useActionState, so it works without
 * JavaScript too). Next.js and the action builder refuse a post from another
 * origin (CSRF). A success sets the console's own cookie and goes to the
 * page asked for; a refusal comes back with the username typed, since the
 * form is drawn again empty.
 */
export async function signInStaffAction(_previous: StaffSignInState, form: FormData): Promise<StaffSignInState> {
  const result = await signIn({
    username: String(form.get("username") ?? ""),
    password: String(form.get("password") ?? ""),
    next: form.has("next") ? String(form.get("next")) : undefined,
  });
  return result.ok ? {} : { refusal: result, username: String(form.get("username") ?? "").slice(0, 50) };
}

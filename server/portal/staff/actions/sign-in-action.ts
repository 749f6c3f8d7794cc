"use server";

import "server-only";
import { randomUUID } from "node:crypto";
import { redirect } from "next/navigation";
import { staffSignInSchema, type StaffSignInState } from "@/lib/portal/staff/sign-in-schema";
import { safeStaffPath } from "@/lib/portal/staff/staff-paths";
import { logger } from "@/server/observability/logger";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { signInStaff } from "../sign-in-staff";
import { setStaffSessionCookie, staffSessionLifetime } from "../staff-session";

/**
 * The staff login form's action (useActionState, so it works without
 * JavaScript too). The one server action without a staff session: it
 * starts one. Next.js refuses a post from another origin (CSRF). A
 * success sets the console's own cookie and goes to the page asked for.
 */
export async function signInStaffAction(_previous: StaffSignInState, form: FormData): Promise<StaffSignInState> {
  const parsed = staffSignInSchema.safeParse({
    username: form.get("username") ?? "",
    password: form.get("password") ?? "",
    next: form.get("next") ?? undefined,
  });
  const typed = String(form.get("username") ?? "").slice(0, 50);
  if (!parsed.success) {
    const fieldErrors: StaffSignInState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "username" || field === "password") && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { fieldErrors, username: typed };
  }
  const requestId = randomUUID();
  const result = await signInStaff(await getPortalDatabase(), {
    username: parsed.data.username,
    password: parsed.data.password,
    ip: await customerIp(),
    requestId,
    lifetime: staffSessionLifetime(),
    now: new Date(),
  });
  if (result.outcome === "refused") {
    logger.info({ requestId }, "staff sign-in refused");
    return { message: result.message, username: typed };
  }
  await setStaffSessionCookie(result.sessionId, result.expiresAt);
  redirect(safeStaffPath(parsed.data.next));
}

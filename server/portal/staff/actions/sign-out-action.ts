"use server";

import "server-only";
import { redirect } from "next/navigation";
import { z } from "zod";
import { staffLoginPath } from "@/lib/portal/staff/staff-paths";
import { deleteStaffSession } from "../staff-session-store";
import { clearStaffSessionCookie } from "../staff-session";
import { staffAction } from "../staff-action";

/** Ends this browser's staff session (its row and its cookie); a member session in the same browser is untouched. */
export const signOutStaffAction = staffAction(
  { action: "staff.signed_out", permission: "console.use", input: z.object({}), reasonRequired: false },
  async ({ staff, local }) => {
    await local(async (tx) => {
      await deleteStaffSession(tx, staff.sessionIdHash);
      return { result: undefined, audit: { targetType: "staff", targetId: staff.username } };
    });
    await clearStaffSessionCookie();
    redirect(staffLoginPath(undefined, "signed-out"));
  },
);

import { z } from "zod";
import type { ActionRefusal } from "@/lib/actions/action-result";

/** The staff sign-in form: what is blank is said; anything else is a matter for the password check. */
export const staffSignInSchema = z.object({
  username: z.string().trim().min(1, "Enter your username.").max(50, "Usernames take at most 50 characters."),
  password: z.string().min(1, "Enter your password.").max(128, "Passwords take at most 128 characters."),
  /** The console page to go back to (a path under /staff); anything else is ignored. */
  next: z.string().max(1_000).optional(),
});
export type StaffSignInInput = z.input<typeof staffSignInSchema>;

/**
 * The sign-in form's state (useActionState): the action's refusal, the one
 * action-result type's, and the username typed, to fill the form drawn again.
 */
export interface StaffSignInState {
  refusal?: ActionRefusal;
  username?: string;
}

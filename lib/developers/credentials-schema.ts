import { z } from "zod";
import type { ActionResult } from "@/lib/actions/action-result";

/**
 * The developer console's sign-up and sign-in forms, shared by the forms and
 * their server actions. Sign-up asks for a password of 12 to 128 characters
 * (the seeded account's `Sandbox#2026` has 12); sign-in only says what is blank.
 */
export const developerEmailSchema = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "Email addresses take at most 254 characters.")
  .pipe(z.email("Enter an email address such as name@example.com."))
  .transform((email) => email.toLowerCase());

export const developerSignUpSchema = z.object({
  email: developerEmailSchema,
  password: z
    .string()
    .min(1, "Choose a password.")
    .min(12, "Use at least 12 characters.")
    .max(128, "Passwords take at most 128 characters."),
});

export const developerSignInSchema = z.object({
  email: developerEmailSchema,
  password: z.string().min(1, "Enter your password.").max(128, "Passwords take at most 128 characters."),
});

export type DeveloperCredentialField = "email" | "password";

/**
 * The sign-up and sign-in forms' state (useActionState, so they work without
 * JavaScript too): the action's answer, the one action-result type, and the
 * email typed, to fill the form drawn again (a password never comes back).
 */
export interface DeveloperFormState<T = never> {
  result?: ActionResult<T>;
  email?: string;
}

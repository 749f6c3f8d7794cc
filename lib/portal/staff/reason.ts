import { z } from "zod";

export const reasonMaxLength = 500;

/**
 * Why a member of staff changes something: required wherever the issue asks
 * for one, kept in the audit trail as typed (trimmed).
 */
export const reasonSchema = z
  .string({ error: "Give a reason." })
  .trim()
  .min(1, "Give a reason.")
  .min(3, "Say why in a few words.")
  .max(reasonMaxLength, `A reason takes at most ${reasonMaxLength} characters.`);

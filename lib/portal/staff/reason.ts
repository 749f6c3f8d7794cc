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

/** A reason code as the console's forms offer it (the list is kept in the database: portal.staff_reason_codes). */
export interface ReasonCodeOption {
  code: string;
  label: string;
  /** Whether free text is required with it ("Other"). */
  needsText: boolean;
}

/** The code whose free text is required; the database's `needs_text` says so too, and the server checks that. */
export const otherReasonCode = "other";

export const reasonCodeSchema = z
  .string({ error: "Choose a reason." })
  .trim()
  .min(1, "Choose a reason.")
  .max(30, "Choose a reason from the list.")
  .regex(/^[a-z_]+$/, "Choose a reason from the list.");

/** Free text beside a reason code: optional (required for "Other"), kept as typed (trimmed) when given. */
export const reasonNoteSchema = z
  .string()
  .trim()
  .max(reasonMaxLength, `A reason takes at most ${reasonMaxLength} characters.`)
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.string().min(3, "Say why in a few words.").optional());

/**
 * The reason of an action that moves points or money or changes a profile:
 * a code from the list, and free text, required for "Other".
 */
export function withReasonCode<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, reasonCode: reasonCodeSchema, reason: reasonNoteSchema }).superRefine((value, ctx) => {
    const { reasonCode, reason } = value as { reasonCode: string; reason?: string };
    if (reasonCode === otherReasonCode && !reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why: “Other” needs a few words." });
    }
  });
}

import { z } from "zod";
import { membershipNumberSchema } from "./member-number";
import { reasonSchema, withReasonCode } from "./reason";
import { parseControlValue, staffControlNames } from "./staff-control-catalogue";
import { staffRoles } from "./staff-roles";

/**
 * The console's forms, one schema each, shared by the form (react-hook-form's
 * resolver) and its server action (which parses again: the browser is not
 * trusted).
 */

/** Goodwill points (P4): a whole number the credit operation accepts (1 to 999,999). */
export const creditPointsSchema = withReasonCode({
  membershipNumber: membershipNumberSchema,
  points: z
    .string()
    .trim()
    .min(1, "Enter the points to credit.")
    .regex(/^\d+$/, "Points are a whole number.")
    .transform(Number)
    .pipe(z.number().int().min(1, "Credit at least 1 point.").max(999_999, "Credit at most 999,999 points at once.")),
  /** One per form shown: a double submission credits once (it becomes the Idempotency-Key). */
  formKey: z.uuid(),
});
export type CreditPointsInput = z.input<typeof creditPointsSchema>;

/** Refund a completed order (the saga's cancelOrder as staff). */
export const refundOrderSchema = withReasonCode({
  membershipNumber: membershipNumberSchema,
  orderId: z.uuid("There is no such order."),
  /** One per form shown: a refund that needs approval is requested once, whatever the double clicks. */
  formKey: z.uuid(),
});
export type RefundOrderInput = z.input<typeof refundOrderSchema>;

/**
 * How staff settle an order the saga could not settle by itself (the moves
 * the order's states allow from needs_attention): confirmed complete, its
 * points to be returned by the saga, its points found already returned, or
 * nothing taken at all.
 */
export const settlementOutcomes = ["completed", "reversing", "points_returned", "cancelled"] as const;
export type SettlementOutcome = (typeof settlementOutcomes)[number];

export const settlementLabels: Record<SettlementOutcome, { label: string; hint: string }> = {
  completed: { label: "Completed", hint: "The points were debited and the card was charged: the order stands." },
  reversing: { label: "Return the points", hint: "The saga reverses the member's debit (within the window)." },
  points_returned: { label: "Points already returned", hint: "The member has the points back: close the order." },
  cancelled: { label: "Nothing was taken", hint: "No points and no money were taken: cancel the order." },
};

export const settleOrderSchema = withReasonCode({
  membershipNumber: membershipNumberSchema,
  orderId: z.uuid("There is no such order."),
  outcome: z.enum(settlementOutcomes, { error: "Choose how the order was settled." }),
});
export type SettleOrderInput = z.input<typeof settleOrderSchema>;

/** Staff usernames: 3 to 50 letters, digits and . _ -, starting and ending with a letter or digit; kept in lower case. */
export const staffUsernameSchema = z
  .string()
  .trim()
  .min(1, "Enter a username.")
  .max(50, "A username takes at most 50 characters.")
  .regex(
    /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,48}[A-Za-z0-9])?$/,
    "A username takes letters, digits and . _ -, and starts and ends with a letter or digit.",
  )
  .min(3, "A username takes at least 3 characters.")
  .transform((value) => value.toLowerCase());

export const createStaffSchema = z.object({
  username: staffUsernameSchema,
  role: z.enum(staffRoles, { error: "Choose a role." }),
  reason: reasonSchema,
});
export type CreateStaffInput = z.input<typeof createStaffSchema>;

export const staffAccountActionSchema = z.object({
  staffId: z.uuid(),
  reason: reasonSchema,
});
export type StaffAccountActionInput = z.input<typeof staffAccountActionSchema>;

/** Showing an agent a member's email and phone in full. */
export const revealContactSchema = z.object({
  membershipNumber: membershipNumberSchema,
});
export type RevealContactInput = z.input<typeof revealContactSchema>;

/** A second administrator's decision on a request (a large goodwill credit or refund): approve or reject it. */
export const requestDecisionSchema = z.object({
  requestId: z.uuid("There is no such request."),
  /** Why, kept with the decision (optional). */
  note: z
    .string()
    .trim()
    .max(500, "A note takes at most 500 characters.")
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
});
export type RequestDecisionInput = z.input<typeof requestDecisionSchema>;

/** "Send again": an approved request whose outcome is unknown, performed again under its own idempotency key. */
export const resendRequestSchema = z.object({
  requestId: z.uuid("There is no such request."),
});
export type ResendRequestInput = z.input<typeof resendRequestSchema>;

/**
 * A new value for one of the console's controls (lib/portal/staff/staff-control-catalogue.ts), in the form's unit,
 * with why: parsed to the stored value.
 */
export const changeControlSchema = z
  .object({
    control: z.enum(staffControlNames, { error: "Choose a control." }),
    value: z.string({ error: "Enter the new value." }).trim().min(1, "Enter the new value.").max(20, "Too long."),
    reason: reasonSchema,
  })
  .transform((input, context) => {
    const parsed = parseControlValue(input.control, input.value);
    if (!parsed.ok) {
      context.addIssue({ code: "custom", path: ["value"], message: parsed.message });
      return z.NEVER;
    }
    return { control: input.control, value: parsed.stored, reason: input.reason };
  });
export type ChangeControlInput = z.input<typeof changeControlSchema>;

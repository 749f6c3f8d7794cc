import { z } from "zod";
import { referenceCharacters } from "./ledger-fields";

/** P6 Reverse transaction. */
export const reverseTransactionVersions = ["v1"] as const;

const reversedTransactionSchema = z.object({
  identifier: z.string().regex(/^[A-Za-z0-9]{1,32}$/, "identifier: 1 to 32 letters or digits"),
});

/**
 * The spec does not show where `reversedTransaction` sits: inside the
 * `reversalTransaction` wrapper (as the response has it) or beside it. Both
 * are accepted; when both are sent they must agree.
 */
export const reverseRequestSchema = z
  .object({
    reversalTransaction: z.object({
      externalTransactionIdentifier: z
        .string()
        .max(64)
        .regex(referenceCharacters, "1 to 64 letters, digits, &, . or -"),
      description: z.string().max(100).regex(referenceCharacters, "1 to 100 letters, digits, &, . or -"),
      type: z.string().refine((type) => type === "CANCELLATION", {
        message: "type must be CANCELLATION",
        params: { error: "MANDATORY_DATA_MISSING" },
      }),
      reversedTransaction: reversedTransactionSchema.optional(),
    }),
    reversedTransaction: reversedTransactionSchema.optional(),
  })
  .superRefine((request, context) => {
    const inner = request.reversalTransaction.reversedTransaction?.identifier;
    const outer = request.reversedTransaction?.identifier;
    if (inner === undefined && outer === undefined) {
      context.addIssue({
        code: "custom",
        path: ["reversalTransaction", "reversedTransaction", "identifier"],
        message: "reversedTransaction.identifier is required",
        params: { error: "MANDATORY_DATA_MISSING" },
      });
    } else if (inner !== undefined && outer !== undefined && inner !== outer) {
      context.addIssue({
        code: "custom",
        path: ["reversedTransaction", "identifier"],
        message: "the two reversedTransaction identifiers differ",
      });
    }
  })
  .transform((request) => ({
    ...request.reversalTransaction,
    reversedTransactionIdentifier: (request.reversalTransaction.reversedTransaction?.identifier ??
      request.reversedTransaction?.identifier) as string,
  }));

export type ReverseRequest = z.input<typeof reverseRequestSchema>;

export const reverseResponseSchema = z.object({
  reversalTransaction: z.object({
    identifier: z.string().regex(/^[A-Za-z0-9]{1,32}$/),
    dateMade: z.iso.datetime(),
    externalTransactionIdentifier: z.string(),
    description: z.string(),
    type: z.literal("CANCELLATION"),
    reversedTransaction: z.object({ identifier: z.string().regex(/^[A-Za-z0-9]{1,32}$/) }),
  }),
});

export type ReverseResponse = z.infer<typeof reverseResponseSchema>;

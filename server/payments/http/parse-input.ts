import type { z } from "zod";
import { isPaymentsErrorCode, type PaymentsErrorCode } from "@/lib/payments-contract/error-catalogue";
import { PaymentsError } from "../payments-error";

/**
 * Parses input with the contract's schema. The first failing field (in the
 * contract's order) is reported: missing → parameter_missing; otherwise
 * the code a refinement names, the field's own code, or parameter_invalid.
 * The message is the contract's fixed text for the rule, never the input.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  paramCodes: Partial<Record<string, PaymentsErrorCode>> = {},
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const param = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
  const value =
    param && typeof input === "object" && input !== null ? (input as Record<string, unknown>)[param] : input;
  if (param && value === undefined) throw new PaymentsError("parameter_missing", { param });
  const named = issue.code === "custom" ? (issue.params as { code?: string } | undefined)?.code : undefined;
  const fieldCode = param === undefined ? undefined : paramCodes[param];
  const code = named && isPaymentsErrorCode(named) ? named : (fieldCode ?? "parameter_invalid");
  // Card errors keep the catalogue's words; generic ones say which rule the field breaks.
  const message = code === "parameter_invalid" ? issue.message : undefined;
  throw new PaymentsError(code, { param, message });
}

/** A query parameter that may be sent once at most: a repeated one is refused, never guessed between. */
export function singleQueryValue(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) throw new PaymentsError("parameter_invalid", { param: name, message: `Send ${name} once.` });
  return values[0];
}

import { z } from "zod";

/** One entry of `childError`: the node that failed and why. */
export const childErrorSchema = z.object({
  code: z.string().regex(/^[A-Z_]+$/),
  path: z.string().optional(),
  businessMessage: z.string(),
  developerMessage: z.string().optional(),
  developerLink: z.string(),
});

/** The spec's Error resource, flat shape. */
export const errorBodySchema = z.object({
  code: z.string().regex(/^[A-Z_]+$/),
  businessMessage: z.string(),
  developerMessage: z.string().optional(),
  developerLink: z.string().optional(),
  childError: z.array(childErrorSchema).optional(),
});

/** The same fields inside a top-level `error` object. */
export const wrappedErrorBodySchema = z.object({ error: errorBodySchema });

export type ChildError = z.infer<typeof childErrorSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type WrappedErrorBody = z.infer<typeof wrappedErrorBodySchema>;
export type ErrorShape = "flat" | "wrapped";

/** Reads either shape into the flat one. */
export function parseErrorBody(body: unknown): ErrorBody | undefined {
  const wrapped = wrappedErrorBodySchema.safeParse(body);
  if (wrapped.success) return wrapped.data.error;
  const flat = errorBodySchema.safeParse(body);
  return flat.success ? flat.data : undefined;
}

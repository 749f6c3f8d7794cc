import { z } from "zod";

/** The spec's OAuth error resource of the token services (A2, A4). */
export const oauthErrorBodySchema = z
  .object({
    error: z.string().regex(/^[a-z_]+$/),
    error_description: z
      .string()
      .regex(/^[A-Za-z0-9: ]+$/)
      .optional(),
    scope: z.string().optional(),
  })
  .strict();

export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;

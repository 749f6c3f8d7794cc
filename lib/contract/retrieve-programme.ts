import { z } from "zod";

/**
 * P1 Retrieve programme. Query and path names appear in `childError.path` in
 * camelCase, because the spec's path syntax has no hyphen (docs/decisions.md).
 */
export const retrieveProgrammeVersions = ["v1"] as const;

export const programmePathSchema = z.object({
  programmeIdentifier: z.string().superRefine((value, context) => {
    if (!/^[A-Za-z]+$/.test(value)) {
      context.addIssue({
        code: "custom",
        message: "programme-identifier must contain letters only",
        params: { error: "DATA_INVALID" },
      });
    } else if (value.length > 20) {
      context.addIssue({
        code: "custom",
        message: "programme-identifier is at most 20 letters",
        params: { error: "PROGRAMME_NOT_FOUND" },
      });
    }
  }),
});

const membershipIdentifierSchema = z.string().superRefine((value, context) => {
  if (!/^\d+$/.test(value) || value.length > 24) {
    context.addIssue({
      code: "custom",
      message: "membership-identifier must be numeric, at most 24 digits",
      params: { error: "MEMBERSHIP_IDENTIFIER_INVALID" },
    });
  } else if (value.length < 16) {
    context.addIssue({
      code: "custom",
      message: "membership-identifier must be 16 to 24 digits",
      params: { error: "DATA_INVALID" },
    });
  }
});

export const programmesQuerySchema = z
  .object({
    locationIdentifier: z
      .string({ error: "location-identifier must be sent once" })
      .regex(/^[A-Za-z]{2}$/, "location-identifier must be a 2-letter country code")
      .transform((value) => value.toUpperCase())
      .optional(),
    membershipIdentifier: z
      .string({ error: "membership-identifier must be sent once" })
      .pipe(membershipIdentifierSchema)
      .optional(),
  })
  .superRefine((query, context) => {
    if (query.locationIdentifier !== undefined && query.membershipIdentifier !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["membershipIdentifier"],
        message: "Send either location-identifier or membership-identifier, not both",
        params: { error: "MEMBERSHIP_IDENTIFIER_INVALID" },
      });
    }
  });

const linksSchema = z.object({ self: z.object({ href: z.string() }) });

export const programmePartnerSchema = z.object({
  organisation: z.object({
    identifier: z.string().max(20),
    organisationName: z.string().max(100),
  }),
});

/** Retrieval by programme identifier. */
export const programmeResponseSchema = z.object({
  name: z.string().max(100),
  programmePartner: programmePartnerSchema.optional(),
  _links: linksSchema,
});

/** Retrieval by country, by membership, or of all programmes. */
export const programmeListResponseSchema = z.object({
  size: z.number().int().min(0).max(99),
  programmes: z
    .array(
      z.object({
        identifier: z.string().max(20).optional(),
        name: z.string().max(100).optional(),
        programmePartner: programmePartnerSchema.optional(),
      }),
    )
    .min(1),
  _links: linksSchema,
});

export type ProgrammeResponse = z.infer<typeof programmeResponseSchema>;
export type ProgrammeListResponse = z.infer<typeof programmeListResponseSchema>;

import { z } from "zod";
import "zod-openapi";
import { agentIdSchema, idempotencyKeySchema } from "@/lib/contract/common";
import { members, svcClientApplicationName } from "@/lib/docs/sandbox-values";
import type { DocumentedHeader } from "./types";

/** `.meta()` returns a described copy: the contract's own schemas are left as they are. */
export const programmeIdentifier = z
  .string()
  .regex(/^[A-Za-z]{1,20}$/)
  .meta({
    description: "Programme code: letters only, at most 20 (case insensitive).",
    example: "NORTHSTAR",
  });

export const accountIdentifier = z
  .string()
  .regex(/^\d{1,24}$/)
  .meta({ description: "Membership number of the account: digits.", example: members.rich.membershipNumber });

export const membershipIdentifier = z
  .string()
  .regex(/^\d{16,24}$/)
  .meta({ description: "Membership number: 16 to 24 digits.", example: members.rich.membershipNumber });

export const headerSchemas: Record<DocumentedHeader, z.ZodType> = {
  "X-Forwarded-For": z.string().meta({
    description:
      "The end customer's IP address; a comma-separated list when the request passed proxies (the first is the customer).",
    example: "203.0.113.7",
  }),
  "X-Agent-Id": agentIdSchema.meta({
    description:
      "Offline channels (call centres, back office): the agent or login name acting for the member. 1 to 50 letters or digits.",
    example: "AGENT007",
  }),
  svc_client_applicationName: z.string().meta({
    description: `The fixed application name given at registration (the sandbox's is ${svcClientApplicationName}). Required on the primary programme's variant.`,
    example: svcClientApplicationName,
  }),
  svc_client_application_name: z
    .string()
    .regex(/^[A-Za-z0-9]{1,50}$/)
    .meta({
      description: "Your application's name as given at registration: 1 to 50 letters or digits.",
      example: svcClientApplicationName,
    }),
  "Idempotency-Key": idempotencyKeySchema.meta({
    description:
      "Makes a retry safe: send the same key with the same body and the service answers as the first time, without moving points twice. 1 to 255 printable ASCII characters; a UUID per business transaction is a good choice.",
    example: "checkout-7f3c2a9e-debit",
  }),
};

import { z } from "zod";
import { idempotencyKeyMaxLength, parseIdempotencyKey } from "./idempotency-key";

/** `api_key`: exactly 24 alphanumeric characters. */
export const apiKeySchema = z.string().regex(/^[A-Za-z0-9]{24}$/, "api_key must be exactly 24 alphanumeric characters");

/** `{version}`: alphanumeric, beginning with v. */
export const versionSegmentSchema = z.string().regex(/^v[A-Za-z0-9]*$/);

/** Membership numbers: numeric, 16 to 24 digits. */
export const membershipNumberSchema = z.string().regex(/^\d{16,24}$/, "must be 16 to 24 digits");

/** Programme identifiers: alphabetic, at most 20 characters. */
export const programmeIdentifierSchema = z.string().regex(/^[A-Za-z]{1,20}$/, "must be 1 to 20 letters");

/** `X-Agent-Id`: alphanumeric (length capped, see docs/decisions.md). */
export const agentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,50}$/, "X-Agent-Id must be 1 to 50 alphanumeric characters");

/**
 * `Idempotency-Key` (an extension, docs/decisions.md): a bare token or the
 * IETF draft's quoted string, of 1 to 255 printable ASCII characters, as the
 * gateway parses it (lib/contract/idempotency-key.ts). A retry of P4, P5 or
 * P6 with the same key and body gets the first answer again instead of a
 * second posting.
 */
export const idempotencyKeySchema = z
  .string()
  .max(idempotencyKeyMaxLength + 2)
  .refine((value) => parseIdempotencyKey(value) !== undefined, {
    message: `Idempotency-Key must be 1 to ${idempotencyKeyMaxLength} printable ASCII characters`,
  });

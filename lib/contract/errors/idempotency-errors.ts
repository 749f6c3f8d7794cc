import type { ErrorDefinition } from "../error-definition";

/**
 * `Idempotency-Key` on P4–P6 (an extension, IETF httpapi draft "The
 * Idempotency-Key HTTP Header Field"): statuses as the draft gives them,
 * codes decided in docs/decisions.md.
 */
export const idempotencyErrors = {
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "IDEMPOTENCY_KEY_INVALID",
    message: "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    code: "IDEMPOTENCY_KEY_REUSED",
    message: "This Idempotency-Key was already used for another request; send a new key for a new request.",
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    status: 409,
    code: "IDEMPOTENCY_KEY_IN_PROGRESS",
    message: "A request with this Idempotency-Key is still being processed; retry shortly.",
  },
} as const satisfies Record<string, ErrorDefinition>;

/** PostgreSQL's SQLSTATE for a unique constraint violation. */
const uniqueViolationCode = "23505";

export interface UniqueViolation {
  /** The constraint (or unique index) that refused the row, when the driver reports it. */
  constraint: string | undefined;
}

/**
 * The unique violation behind an error, if it is one. node-postgres and
 * PGlite both report `code` and `constraint`; drizzle wraps the driver's
 * error in its own and keeps the original as `cause`, so the chain is walked.
 */
export function uniqueViolationOf(error: unknown): UniqueViolation | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === uniqueViolationCode) {
      return { constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Did a statement fail on a unique constraint? */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationOf(error) !== undefined;
}

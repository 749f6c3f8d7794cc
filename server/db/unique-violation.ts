/**
 * Did a statement fail on a unique constraint (SQLSTATE 23505)? Both drivers
 * report the code, sometimes on an error wrapped by the ORM.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

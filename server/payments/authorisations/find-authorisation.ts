import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/payments-database";
import { authorisations, captures, voids, type AuthorisationRow, type CaptureRow, type VoidRow } from "../db/schema";

/** An authorisation with what happened to it since: its captures (newest first) and its void. */
export interface AuthorisationRecord {
  authorisation: AuthorisationRow;
  captures: CaptureRow[];
  void: VoidRow | undefined;
}

export async function findAuthorisationById(
  db: Database,
  authorisationId: string,
): Promise<AuthorisationRecord | undefined> {
  const [authorisation] = await db.select().from(authorisations).where(eq(authorisations.id, authorisationId)).limit(1);
  if (!authorisation) return undefined;
  const captured = await db
    .select()
    .from(captures)
    .where(eq(captures.authorisationId, authorisationId))
    .orderBy(desc(captures.createdAt), desc(captures.id));
  const [voided] = await db.select().from(voids).where(eq(voids.authorisationId, authorisationId)).limit(1);
  return { authorisation, captures: captured, void: voided };
}

/**
 * The authorisation an idempotency key was used for: the key of the
 * authorisation itself, or of a capture or a void of it. This is how an
 * unknown outcome of any of the three is settled.
 */
export async function findAuthorisationByIdempotencyKey(
  db: Database,
  idempotencyKey: string,
): Promise<AuthorisationRecord | undefined> {
  const [own] = await db
    .select({ id: authorisations.id })
    .from(authorisations)
    .where(eq(authorisations.idempotencyKey, idempotencyKey))
    .limit(1);
  const [capture] = own
    ? []
    : await db
        .select({ id: captures.authorisationId })
        .from(captures)
        .where(eq(captures.idempotencyKey, idempotencyKey))
        .limit(1);
  const [release] =
    own || capture
      ? []
      : await db
          .select({ id: voids.authorisationId })
          .from(voids)
          .where(eq(voids.idempotencyKey, idempotencyKey))
          .limit(1);
  const id = own?.id ?? capture?.id ?? release?.id;
  return id ? findAuthorisationById(db, id) : undefined;
}

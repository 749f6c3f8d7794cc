import type { Database } from "@/server/db/connect";
import { OAuthError } from "./oauth-error";

/**
 * Runs a grant in one transaction, so that a code or refresh token is
 * claimed and its tokens stored together: a concurrent replay waits for the
 * claim to commit and then revokes what it produced.
 *
 * Two kinds of refusal: an OAuthError *returned* by `work` commits first,
 * keeping what the refusal wrote (a consumed code, a revoked family); one
 * *thrown* rolls everything back (a refresh token asked for a wider scope
 * stays usable).
 */
export async function grantInTransaction<T>(db: Database, work: (tx: Database) => Promise<T | OAuthError>): Promise<T> {
  const outcome = await db.transaction((tx) => work(tx));
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

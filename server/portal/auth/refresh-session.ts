import "server-only";
import { LoyaltyTokenError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import type { Database } from "@/server/db/connect";
import { logger } from "@/server/observability/logger";
import {
  claimRefresh,
  deleteStoredSession,
  findStoredSession,
  releaseRefreshClaim,
  saveRefreshedTokens,
  type StoredSession,
} from "./session-store";
import { memberLoginClient, tokenService } from "./token-service";

/** Refresh this long before the access token expires, so a page's calls never race its expiry. */
export const refreshMarginMs = 2 * 60_000;
/** The further programmes cannot refresh: their session ends this long before the token does. */
export const furtherEndMarginMs = 30_000;
/** How long one instance may hold the refresh before another may try. */
const claimHoldMs = 30_000;
const waitForOtherMs = 5_000;

// Pages render the layout and the page at once: both ask for the session, and only one may refresh.
const inFlight = new Map<string, Promise<StoredSession | undefined>>();

/**
 * The session with an access token that is good for at least the margin:
 * refreshed by A2's refresh_token grant for the primary programme; the
 * further programmes have no refresh the portal can use, so their session
 * ends. Undefined means the session is over.
 */
export async function ensureFreshTokens(
  db: Database,
  session: StoredSession,
  now = new Date(),
): Promise<StoredSession | undefined> {
  const left = session.accessExpiresAt.getTime() - now.getTime();
  if (session.provider !== "loyalty" || !session.refreshToken) {
    if (left > furtherEndMarginMs) return session;
    await deleteStoredSession(db, session.idHash);
    return undefined;
  }
  if (left > refreshMarginMs) return session;

  let refreshing = inFlight.get(session.idHash);
  if (!refreshing) {
    refreshing = refreshOnce(db, session).finally(() => inFlight.delete(session.idHash));
    inFlight.set(session.idHash, refreshing);
  }
  return refreshing;
}

async function refreshOnce(db: Database, session: StoredSession): Promise<StoredSession | undefined> {
  if (!(await claimRefresh(db, session.idHash, session.accessExpiresAt, new Date(), claimHoldMs))) {
    return waitForOtherInstance(db, session);
  }
  try {
    const tokens = await tokenService().refresh(memberLoginClient(), session.refreshToken!);
    const refreshed = {
      accessToken: tokens.accessToken,
      accessExpiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
      refreshToken: tokens.refreshToken,
    };
    await saveRefreshedTokens(db, session.idHash, refreshed);
    return { ...session, ...refreshed, refreshToken: tokens.refreshToken ?? session.refreshToken };
  } catch (error) {
    if (error instanceof LoyaltyTokenError) {
      // The family ended, was revoked, or the member may no longer log in: the member must sign in again.
      logger.info({ error: error.error }, "member session ended: refresh refused");
      await deleteStoredSession(db, session.idHash);
      return undefined;
    }
    await releaseRefreshClaim(db, session.idHash);
    // The service could not be asked: the current token still serves while it lasts.
    if (session.accessExpiresAt.getTime() > Date.now()) return session;
    throw error;
  }
}

/** Another instance holds the claim: wait for its new tokens rather than present the same refresh token. */
async function waitForOtherInstance(db: Database, session: StoredSession): Promise<StoredSession | undefined> {
  const deadline = Date.now() + waitForOtherMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const current = await findStoredSession(db, session.idHash);
    if (!current) return undefined;
    if (current.accessExpiresAt.getTime() !== session.accessExpiresAt.getTime()) return current;
  }
  if (session.accessExpiresAt.getTime() > Date.now()) return session;
  throw new LoyaltyUnavailableError("The member's tokens are being refreshed elsewhere; try again");
}

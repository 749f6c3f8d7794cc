import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LoyaltyTokenError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import { resetEnvironmentCache } from "@/server/config/env";
import { memberSessions } from "@/server/portal/db/schema";
import { setupTestDatabase } from "../support/test-database";

// The token service is the only thing faked: the store and the refresh run on the real database.
const refresh = vi.fn();
const revokeToken = vi.fn();
vi.mock("@/server/portal/auth/token-service", () => ({
  tokenService: () => ({ refresh, revokeToken }),
  memberLoginClient: () => ({ clientId: "DEMO-10001", secret: "sandbox-client-secret" }),
  furtherProgrammesClient: () => ({
    clientId: "DEMO10001",
    secret: "sandbox-partner-secret",
    businessContext: "DEMOPARTNER",
  }),
}));

const { db } = setupTestDatabase();

type Store = typeof import("@/server/portal/auth/session-store");
type Refresh = typeof import("@/server/portal/auth/refresh-session");
type Sessions = typeof import("@/server/portal/auth/start-session");
let store: Store;
let refreshing: Refresh;
let sessions: Sessions;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = "db-test-secret-of-at-least-thirty-two-characters";
  resetEnvironmentCache();
  store = await import("@/server/portal/auth/session-store");
  refreshing = await import("@/server/portal/auth/refresh-session");
  sessions = await import("@/server/portal/auth/start-session");
});

afterEach(() => {
  refresh.mockReset();
  revokeToken.mockReset();
});

afterAll(() => {
  delete process.env.NEXTAUTH_SECRET;
  resetEnvironmentCache();
});

const minutes = (count: number) => new Date(Date.now() + count * 60_000);

async function newSession(overrides: Partial<Parameters<Store["createStoredSession"]>[1]> = {}) {
  const sessionId = await store.createStoredSession(db(), {
    provider: "loyalty",
    membershipNumber: "3081000000000001",
    programme: "NORTHSTAR",
    displayName: "Alex Example",
    accessToken: "access-1",
    accessExpiresAt: minutes(30),
    refreshToken: "refresh-1",
    expiresAt: minutes(12 * 60),
    ...overrides,
  });
  const found = await store.findStoredSession(db(), store.sessionIdHash(sessionId));
  if (!found) throw new Error("session not stored");
  return { sessionId, session: found };
}

describe("the portal's member sessions (portal.member_sessions)", () => {
  it("keeps the tokens sealed and keyed by the hash of a random id", async () => {
    const { sessionId, session } = await newSession();
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({
      accessToken: "access-1",
      refreshToken: "refresh-1",
      displayName: "Alex Example",
      provider: "loyalty",
    });
    const [row] = await db()
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.idHash, store.sessionIdHash(sessionId)));
    expect(row?.idHash).not.toBe(sessionId);
    expect(row?.accessToken).not.toContain("access-1");
    expect(row?.refreshToken).not.toContain("refresh-1");
  });

  it("carries the member's language, changed for one session by the switch and for all of them by the profile", async () => {
    const first = await newSession({ locale: "es" });
    const second = await newSession({ locale: "es" });
    const other = await newSession({ membershipNumber: "3081000000000009", programme: "MERIDIAN", locale: "fr" });
    expect(first.session.locale).toBe("es");

    await store.setSessionLocale(db(), first.session.idHash, "it");
    const locale = async (idHash: string) => (await store.findStoredSession(db(), idHash))?.locale;
    expect(await locale(first.session.idHash)).toBe("it");
    expect(await locale(second.session.idHash)).toBe("es");

    await store.setMemberLocale(db(), { membershipNumber: "3081000000000001", programme: "NORTHSTAR" }, "ca");
    expect(await locale(first.session.idHash)).toBe("ca");
    expect(await locale(second.session.idHash)).toBe("ca");
    // Another member's session is left alone.
    expect(await locale(other.session.idHash)).toBe("fr");
    // A session with no language stored reads none (the cookie and the browser decide).
    expect((await newSession()).session.locale).toBeNull();
  });

  it("leaves a token with time to spare alone", async () => {
    const { session } = await newSession();
    expect(await refreshing.ensureFreshTokens(db(), session)).toBe(session);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes shortly before expiry, once for concurrent requests, and stores the rotated tokens", async () => {
    const { session } = await newSession({ accessExpiresAt: minutes(1) });
    refresh.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { accessToken: "access-2", refreshToken: "refresh-2", expiresIn: 1800 };
    });
    const [first, second] = await Promise.all([
      refreshing.ensureFreshTokens(db(), session),
      refreshing.ensureFreshTokens(db(), session),
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith({ clientId: "DEMO-10001", secret: "sandbox-client-secret" }, "refresh-1");
    expect(first?.accessToken).toBe("access-2");
    expect(second?.accessToken).toBe("access-2");
    const stored = await store.findStoredSession(db(), session.idHash);
    expect(stored).toMatchObject({ accessToken: "access-2", refreshToken: "refresh-2" });
    expect(stored!.accessExpiresAt.getTime()).toBeGreaterThan(minutes(29).getTime());
  });

  it("lets only one claimant present the (rotating) refresh token", async () => {
    const { session } = await newSession({ accessExpiresAt: minutes(1) });
    const now = new Date();
    expect(await store.claimRefresh(db(), session.idHash, session.accessExpiresAt, now, 30_000)).toBe(true);
    expect(await store.claimRefresh(db(), session.idHash, session.accessExpiresAt, now, 30_000)).toBe(false);
    // A claim that was not released in time (a crashed instance) can be taken over.
    expect(
      await store.claimRefresh(db(), session.idHash, session.accessExpiresAt, new Date(now.getTime() + 31_000), 30_000),
    ).toBe(true);
  });

  it("ends the session when the refresh is refused", async () => {
    const { session } = await newSession({ accessExpiresAt: minutes(1) });
    refresh.mockRejectedValue(new LoyaltyTokenError(400, "invalid_grant", "refresh token revoked"));
    expect(await refreshing.ensureFreshTokens(db(), session)).toBeUndefined();
    expect(await store.findStoredSession(db(), session.idHash)).toBeUndefined();
  });

  it("keeps using a still-valid token when the service cannot be reached, and lets the next request try again", async () => {
    const { session } = await newSession({ accessExpiresAt: minutes(1) });
    refresh.mockRejectedValue(new LoyaltyUnavailableError("down"));
    expect(await refreshing.ensureFreshTokens(db(), session)).toBe(session);
    refresh.mockResolvedValue({ accessToken: "access-3", refreshToken: "refresh-3", expiresIn: 1800 });
    expect((await refreshing.ensureFreshTokens(db(), session))?.accessToken).toBe("access-3");
  });

  it("ends a further programme's session with its token, since it cannot be refreshed", async () => {
    const { session: lasting } = await newSession({
      provider: "meridian",
      programme: "MERIDIAN",
      refreshToken: undefined,
      accessExpiresAt: minutes(5),
    });
    expect(await refreshing.ensureFreshTokens(db(), lasting)).toBe(lasting);
    const { session: ending } = await newSession({
      provider: "meridian",
      programme: "MERIDIAN",
      refreshToken: undefined,
      accessExpiresAt: new Date(Date.now() + 10_000),
    });
    expect(await refreshing.ensureFreshTokens(db(), ending)).toBeUndefined();
    expect(await store.findStoredSession(db(), ending.idHash)).toBeUndefined();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("drops sessions that ended without a logout when a new one starts", async () => {
    const { session: old } = await newSession({ expiresAt: new Date(Date.now() - 1_000) });
    await newSession();
    expect(await store.findStoredSession(db(), old.idHash)).toBeUndefined();
  });

  it("revokes the member's token family at the service on sign-out, after the session is gone", async () => {
    const { sessionId } = await newSession({ refreshToken: "refresh-to-revoke" });
    let rowsWhenRevoked: number | undefined;
    revokeToken.mockImplementation(async () => {
      const rows = await db()
        .select()
        .from(memberSessions)
        .where(eq(memberSessions.idHash, store.sessionIdHash(sessionId)));
      rowsWhenRevoked = rows.length;
    });
    await sessions.endMemberSessionById(sessionId);
    expect(revokeToken).toHaveBeenCalledExactlyOnceWith(
      { clientId: "DEMO-10001", secret: "sandbox-client-secret" },
      "refresh-to-revoke",
      "refresh_token",
    );
    expect(rowsWhenRevoked).toBe(0);
    expect(await store.findStoredSession(db(), store.sessionIdHash(sessionId))).toBeUndefined();
  });

  it("revokes a further programme's access token with the partner's client", async () => {
    const { sessionId } = await newSession({
      provider: "meridian",
      refreshToken: undefined,
      accessToken: "meridian-access",
    });
    await sessions.endMemberSessionById(sessionId);
    expect(revokeToken).toHaveBeenCalledExactlyOnceWith(
      { clientId: "DEMO10001", secret: "sandbox-partner-secret", businessContext: "DEMOPARTNER" },
      "meridian-access",
      "access_token",
    );
  });

  it("still ends the session when the service cannot be reached to revoke", async () => {
    const { sessionId } = await newSession();
    revokeToken.mockRejectedValue(new LoyaltyUnavailableError("down"));
    await expect(sessions.endMemberSessionById(sessionId)).resolves.toBeUndefined();
    expect(await store.findStoredSession(db(), store.sessionIdHash(sessionId))).toBeUndefined();
  });

  it("calls nothing for a session that is already gone", async () => {
    await sessions.endMemberSessionById("no-such-session");
    expect(revokeToken).not.toHaveBeenCalled();
  });
});

import { encode } from "next-auth/jwt";
import type { SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";
import { resetEnvironmentCache } from "@/server/config/env";
import { connectDatabase } from "@/server/db/connect";
import { createStoredSession } from "@/server/portal/auth/session-store";
import { creditForRun } from "./app-targets";
import { memberTokens } from "./member-token";
import { benchProgramme } from "./scenarios";

/** A bench member signed in to the portal: its own stored session, and the cookie a browser would send. */
export interface SignedInMember {
  membershipNumber: string;
  accessToken: string;
  /** `next-auth.session-token=…`, naming the member's stored session. */
  cookie: string;
}

/** The portal's session secret, shared with the app the bench starts: the stored tokens are sealed with it here. */
export function adoptSessionSecret(secret: string): void {
  process.env.NEXTAUTH_SECRET = secret;
  resetEnvironmentCache();
}

/**
 * Signs each member in as the portal's sign-in leaves them (server/portal/auth/start-session.ts): the
 * programme's login page and grant for the portal's own client and scope (over HTTP, as the portal's callback
 * exchanges the code), the tokens sealed into a stored session of the member's own, and next-auth's cookie
 * naming it. Each member is credited first, so the checkout has points to spend. Members go four at a time:
 * each login runs argon2. `adoptSessionSecret` must have been given the app's secret.
 */
export async function signInMembers(
  origin: string,
  databaseUrl: string,
  members: readonly SandboxMember[],
): Promise<SignedInMember[]> {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("adoptSessionSecret first: the sessions are sealed with the app's secret");
  const handle = await connectDatabase({ databaseUrl, poolSize: 2 });
  try {
    const signedIn: SignedInMember[] = [];
    for (let start = 0; start < members.length; start += 4) {
      signedIn.push(
        ...(await Promise.all(
          members.slice(start, start + 4).map(async (member) => {
            await creditForRun(origin, member.membershipNumber, member.familyName);
            const tokens = await memberTokens(origin, member.username!, "read write reverse_transaction");
            const now = new Date();
            const sid = await createStoredSession(
              handle.db,
              {
                provider: "loyalty",
                membershipNumber: member.membershipNumber,
                programme: benchProgramme,
                displayName: `${member.firstName} ${member.familyName}`,
                accessToken: tokens.accessToken,
                accessExpiresAt: new Date(now.getTime() + (tokens.expiresIn ?? 300) * 1000),
                refreshToken: tokens.refreshToken,
                expiresAt: new Date(now.getTime() + 12 * 3_600_000),
              },
              now,
            );
            const token = await encode({
              token: { sid, membershipNumber: member.membershipNumber, programme: benchProgramme },
              secret,
            });
            return {
              membershipNumber: member.membershipNumber,
              accessToken: tokens.accessToken,
              cookie: `next-auth.session-token=${token}`,
            };
          }),
        )),
      );
    }
    return signedIn;
  } finally {
    await handle.close();
  }
}

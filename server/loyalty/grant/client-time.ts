import type { Database } from "@/server/db/connect";
import type { OAuthClientWithPartner } from "@/server/loyalty/oauth/find-oauth-client";
import { readSandboxClock } from "@/server/loyalty/sandbox-clock/read-sandbox-clock";
import { sandboxTimeHeaders } from "@/server/loyalty/sandbox-clock/sandbox-clock";
import type { TokenRequestContext } from "./token-endpoint";

/**
 * The time a token request reads, once its client is known: the client's
 * developer sandbox's clock (codes expire, tokens are dated and last by it),
 * real time for every other partner. A moved clock's time goes out in the
 * answer's X-Sandbox-Time.
 */
export async function clientTime(
  db: Database,
  client: OAuthClientWithPartner,
  context: Pick<TokenRequestContext, "now" | "answerHeaders">,
): Promise<Date> {
  const clock = await readSandboxClock(db, client.partner);
  if (!clock.moved) return context.now;
  const now = new Date(context.now.getTime() + clock.offsetMs);
  Object.assign(context.answerHeaders, sandboxTimeHeaders(clock, now));
  return now;
}

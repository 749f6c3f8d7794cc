import "server-only";
import { headers } from "next/headers";
import { env } from "@/server/config/env";
import { requestHost } from "@/server/http/client-address";

/**
 * Whether a server action was posted from this site. Next.js refuses an
 * action whose Origin is not the request's host; the action builder
 * (server/actions/server-action.ts) says the same on its own terms, for
 * every surface (and for tests that call actions directly): an Origin is
 * required and must be APP_ORIGIN or this request's host.
 */
export async function fromThisSite(): Promise<boolean> {
  const request = await headers();
  const origin = request.get("origin");
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  // X-Forwarded-Host counts only from a trusted proxy: anyone else could name the Origin it sends.
  const own = requestHost(request);
  return host === new URL(env().APP_ORIGIN).host || (own !== undefined && host === own);
}

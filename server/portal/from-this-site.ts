import "server-only";
import { headers } from "next/headers";
import { env } from "@/server/config/env";

/**
 * Whether a server action was posted from this site. Next.js refuses an
 * action whose Origin is not the request's host; the portal's wrappers say
 * the same on their own terms (and for tests that call actions directly):
 * an Origin is required and must be APP_ORIGIN or this request's host.
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
  const own = request.get("x-forwarded-host")?.split(",")[0]?.trim() || request.get("host");
  return host === new URL(env().APP_ORIGIN).host || (own !== null && own !== undefined && host === own);
}

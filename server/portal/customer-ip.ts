import "server-only";
import { headers } from "next/headers";

/**
 * The member's address for the service's X-Forwarded-For: the first entry
 * of the incoming request's X-Forwarded-For when a proxy in front of the
 * portal set one (the client drops anything that is not an address).
 */
export async function customerIp(): Promise<string | undefined> {
  const forwarded = (await headers()).get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  return first || undefined;
}

import "server-only";
import { headers } from "next/headers";
import { env } from "@/server/config/env";
import { clientAddress } from "./client-address";

/**
 * The member's address, for the service's X-Forwarded-For and the portal's
 * rate limits: from the incoming X-Forwarded-For, past the proxies the
 * portal trusts (PORTAL_TRUSTED_PROXIES; see client-address.ts).
 */
export async function customerIp(): Promise<string | undefined> {
  return clientAddress((await headers()).get("x-forwarded-for"), env().PORTAL_TRUSTED_PROXIES);
}

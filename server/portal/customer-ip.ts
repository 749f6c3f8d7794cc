import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "@/server/http/client-address";

/**
 * The member's address, for the service's X-Forwarded-For, the portal's rate
 * limits and audit rows: the socket's, or past the proxies listed in
 * TRUSTED_PROXIES (server/http/client-address.ts).
 */
export async function customerIp(): Promise<string | undefined> {
  return clientAddress(await headers());
}

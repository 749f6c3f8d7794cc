import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { loadAccount } from "@/server/portal/account/load-account";
import { getMemberSession } from "@/server/portal/auth/member-session";

const noStore = { "Cache-Control": "no-store" };

/**
 * The signed-in member's balance for the portal's header, which refreshes it
 * when the member comes back to the tab. The portal's own endpoint: the
 * browser never holds the member's token or the partner's api_key.
 */
export async function GET(): Promise<Response> {
  const session = await getMemberSession();
  if (!session) return Response.json({ error: "signed-out" }, { status: 401, headers: noStore });
  try {
    const account = await loadAccount(session);
    return Response.json({ amount: account.balance?.amount ?? null }, { headers: noStore });
  } catch (error) {
    const status = error instanceof LoyaltyApiError && error.status === 401 ? 401 : 503;
    return Response.json({ error: status === 401 ? "signed-out" : "unavailable" }, { status, headers: noStore });
  }
}

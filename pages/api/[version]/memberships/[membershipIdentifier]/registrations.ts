import { partnerApiRoute } from "@/server/loyalty/http/pages-api-route";
import { registerAccount } from "@/server/loyalty/operations/register-account";

// The gateway reads the body itself (its limits, the spec's errors): Next.js must not parse it first.
export const config = { api: { bodyParser: false } };

export default partnerApiRoute(registerAccount, ["version", "membershipIdentifier"]);

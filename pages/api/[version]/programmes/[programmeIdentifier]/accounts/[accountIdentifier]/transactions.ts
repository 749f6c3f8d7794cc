import { partnerApiRoute } from "@/server/loyalty/http/pages-api-route";
import { retrieveAccountTransactions } from "@/server/loyalty/operations/retrieve-transactions";

// The gateway reads the body itself (its limits, the spec's errors): Next.js must not parse it first.
export const config = { api: { bodyParser: false } };

export default partnerApiRoute(retrieveAccountTransactions, ["version", "programmeIdentifier", "accountIdentifier"]);

import { partnerApiRoute } from "@/server/loyalty/http/pages-api-route";
import { creditCurrency } from "@/server/loyalty/operations/credit-currency";

// The gateway reads the body itself (its limits, the spec's errors): Next.js must not parse it first.
export const config = { api: { bodyParser: false } };

export default partnerApiRoute(creditCurrency, ["version", "programmeIdentifier", "accountIdentifier"]);

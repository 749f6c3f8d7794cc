import { unknownPartnerPath } from "@/server/loyalty/http/partner-operation";
import { partnerApiRoute } from "@/server/loyalty/http/pages-api-route";

// Paths under /api that no operation serves still answer in the spec's error shape.
// The gateway reads the body itself (its limits, the spec's errors): Next.js must not parse it first.
export const config = { api: { bodyParser: false } };

export default partnerApiRoute(unknownPartnerPath);

import { unknownPartnerPath } from "@/server/loyalty/http/partner-operation";

// Paths under /api that no operation serves still answer in the spec's error shape.
export const { GET, POST, PUT, PATCH, DELETE } = unknownPartnerPath();

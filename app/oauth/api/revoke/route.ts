import { revocationService } from "@/server/loyalty/grant/revocation-service";

// Token revocation (RFC 7009), an extension: POST only; the other methods answer 405 with `Allow: POST`.
export const { POST, GET, PUT, PATCH, DELETE } = revocationService;

import { serveJwks } from "@/server/loyalty/grant/jwks-document";

// Public keys that verify access tokens, for partners and resource servers.
export const GET = serveJwks;

import "server-only";
import type { JWK } from "jose";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { publicSigningKeys } from "@/server/loyalty/oauth/signing-keys";
import { logger } from "@/server/observability/logger";

/** The members of a public EC key; anything else (above all `d`) never leaves the server. */
const publicMembers = ["kty", "crv", "x", "y", "kid", "alg", "use"] as const;

function publicPart(jwk: JWK): JWK {
  return Object.fromEntries(
    publicMembers.filter((name) => jwk[name] !== undefined).map((name) => [name, jwk[name]]),
  ) as JWK;
}

/** `GET {auth_url}/jwks`: the keys that verify the service's JWTs (RFC 7517 JWK Set). */
export async function serveJwks(): Promise<Response> {
  try {
    const keys = await publicSigningKeys(await getDatabase());
    // Short caching: a verifier meeting an unknown `kid` fetches again anyway.
    return Response.json({ keys: keys.map(publicPart) }, { headers: { "Cache-Control": "public, max-age=300" } });
  } catch (error) {
    logger.error({ err: error, service: "jwks" }, "jwks request failed");
    return Response.json(
      { error: "server_error", error_description: "unexpected condition" },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
}

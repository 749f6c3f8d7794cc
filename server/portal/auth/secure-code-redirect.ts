import "server-only";
import { env } from "@/server/config/env";
import { loyaltyEndpoints, partnerCredentials } from "@/server/portal/loyalty-service";
import { secureCodeState } from "./callback-state";
import { furtherProgrammes } from "./further-programme-provider";

const nextAuthState = /^[A-Za-z0-9_-]{16,256}$/;
const pkceChallenge = /^[A-Za-z0-9_-]{43}$/;
const scopeValue = /^[a-z_]+( [a-z_]+)*$/;
const uiLocales = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*(?: [A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*){0,4}$/;

function refuse(message: string): Response {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The first stop of a further programme's sign-in: next-auth sends the
 * member here with its authorisation parameters, and this sends them on to
 * A3 with the state hex-encoded (A3 takes letters and digits only). Only
 * the parameters A3 knows are passed, and the client, business context and
 * callback are the portal's own, so this is no open redirect.
 */
export function secureCodeRedirect(request: Request): Response {
  const query = new URL(request.url).searchParams;
  const programme = query.get("programme-identifier");
  const provider = (Object.keys(furtherProgrammes) as (keyof typeof furtherProgrammes)[]).find(
    (id) => furtherProgrammes[id].programme === programme,
  );
  if (!provider) return refuse("Unknown programme.");
  const state = query.get("state") ?? "";
  if (!nextAuthState.test(state)) return refuse("This sign-in link is not valid. Start again from the login page.");

  const config = env();
  const origin = (config.NEXTAUTH_URL ?? config.APP_ORIGIN).replace(/\/$/, "");
  const credentials = partnerCredentials();
  const target = new URL(`${loyaltyEndpoints().partnerAuthUrl.replace(/\/$/, "")}/secure/code`);
  const parameters: Record<string, string> = {
    response_type: "code",
    client_id: credentials.furtherClientId,
    "programme-identifier": furtherProgrammes[provider].programme,
    "business-context-identifier": credentials.businessContext,
    redirect_uri: `${origin}/api/auth/callback/${provider}`,
    state: secureCodeState(state),
    brandName: config.PORTAL_BRAND_NAME,
  };
  const scope = query.get("scope");
  if (scope && scopeValue.test(scope)) parameters.scope = scope;
  // The member's language, for A3's page (the portal's sign-in button sends it).
  const locales = query.get("ui_locales");
  if (locales && uiLocales.test(locales)) parameters.ui_locales = locales;
  const challenge = query.get("code_challenge");
  if (challenge && pkceChallenge.test(challenge) && query.get("code_challenge_method") === "S256") {
    parameters.code_challenge = challenge;
    parameters.code_challenge_method = "S256";
  }
  for (const [name, value] of Object.entries(parameters)) target.searchParams.set(name, value);
  return new Response(null, {
    status: 302,
    headers: { Location: target.toString(), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

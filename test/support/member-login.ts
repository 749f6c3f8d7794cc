import { createHash, randomBytes } from "node:crypto";
import sandbox from "@/sandbox.json";
import { submitLogin } from "./login-form";

const demoClient = sandbox.partners[0]!.oauthClient!;

/** A partner's member-login client: the Demo Partner's, or a developer sandbox's own. */
export interface PartnerClient {
  clientId: string;
  password: string;
  redirectUri: string;
}

/**
 * A member's access token obtained as a partner does over HTTP: the login
 * page (authorization code with PKCE), then the grant service.
 */
export async function memberTokenOverHttp(
  origin: string,
  username: string,
  scope = "read",
  client: PartnerClient = { ...demoClient, redirectUri: demoClient.redirectUris[0]! },
): Promise<string> {
  const verifier = randomBytes(32).toString("hex");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = client.redirectUri;
  const login = new URL("/oauth/auth/login", origin);
  login.search = new URLSearchParams({
    client_id: client.clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    scope,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const attempt = await submitLogin(login.toString(), username, sandbox.password);
  const code = attempt.location ? new URL(attempt.location).searchParams.get("code") : null;
  if (attempt.status !== 302 || !code)
    throw new Error(`login of ${username} failed: ${attempt.status} ${attempt.location}`);
  const grant = await fetch(new URL("/oauth/api/grant", origin), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.password}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const tokens = (await grant.json()) as { access_token?: string };
  if (grant.status !== 200 || !tokens.access_token)
    throw new Error(`grant for ${username}: ${grant.status} ${JSON.stringify(tokens)}`);
  return tokens.access_token;
}

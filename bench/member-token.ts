import sandbox from "@/sandbox.json";
import { submitLogin } from "@/test/support/login-form";

/** What a member's login gives a partner: the access token, its lifetime in seconds, and the refresh token. */
export interface MemberTokens {
  accessToken: string;
  refreshToken?: string;
  expiresIn?: number;
}

/**
 * A member's tokens obtained the way a partner does: A1 login page, then the A2 grant. `scope`: what the token
 * may do; the portal's own sign-in asks for "read write reverse_transaction".
 */
export async function memberTokens(origin: string, username: string, scope?: string): Promise<MemberTokens> {
  const client = sandbox.partners[0]!.oauthClient!;
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: "code",
    redirect_uri: client.redirectUris[0]!,
    state: "bench",
    ...(scope ? { scope } : {}),
  });
  const attempt = await submitLogin(`${origin}/oauth/auth/login?${query.toString()}`, username, sandbox.password);
  const code = attempt.location ? new URL(attempt.location).searchParams.get("code") : null;
  if (!code) throw new Error(`login failed: ${attempt.status}`);
  const response = await fetch(`${origin}/oauth/api/grant`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.password}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: client.redirectUris[0]!,
    }).toString(),
  });
  const tokens = (await response.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
  if (!tokens.access_token) throw new Error(`grant failed: ${response.status}`);
  return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in };
}

/** A member access token obtained the way a partner does: A1 login page, then the A2 grant. */
export async function memberAccessToken(origin: string, username: string): Promise<string> {
  return (await memberTokens(origin, username)).accessToken;
}

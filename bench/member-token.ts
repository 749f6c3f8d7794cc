import sandbox from "@/sandbox.json";
import { submitLogin } from "@/test/support/login-form";

/** A member access token obtained the way a partner does: A1 login page, then the A2 grant. */
export async function memberAccessToken(origin: string, username: string): Promise<string> {
  const client = sandbox.partners[0]!.oauthClient!;
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: "code",
    redirect_uri: client.redirectUris[0]!,
    state: "bench",
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
  const tokens = (await response.json()) as { access_token?: string };
  if (!tokens.access_token) throw new Error(`grant failed: ${response.status}`);
  return tokens.access_token;
}

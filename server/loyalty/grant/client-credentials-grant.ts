import { randomUUID } from "node:crypto";
import { z } from "zod";
import { issueAccessToken } from "@/server/loyalty/oauth/access-tokens";
import type { GrantContext } from "./grant-context";
import { defaultScope, parseRequestedScope } from "./oauth-scopes";
import { parseParameters } from "./parse-parameters";
import { clientAuthenticationLevel, type GrantTokenBody } from "./token-response";

const parametersSchema = z.object({ scope: z.string().optional() });

/** `grant_type=client_credentials`: a partner token, with no member and no refresh token. */
export async function clientCredentialsGrant(context: GrantContext): Promise<GrantTokenBody> {
  const { db, client, now } = context;
  const parameters = parseParameters(parametersSchema, context.parameters);
  const scope = parseRequestedScope(parameters.scope ?? defaultScope);
  const access = await issueAccessToken(db, {
    subject: client.client.clientId,
    familyId: randomUUID(),
    clientDbId: client.client.id,
    partnerDbId: client.partner.id,
    now,
    claims: {
      token_use: "client",
      client_id: client.client.clientId,
      partner: client.partner.partnerIdentifier,
      scope: scope.join(" "),
      authn_level: clientAuthenticationLevel,
    },
  });
  return {
    access_token: access.token,
    scope: clientAuthenticationLevel,
    token_type: "bearer",
    expires_in: access.expiresIn,
  };
}

import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { oauthScopes } from "@/lib/contract/token-services";
import { sandboxClient, sandboxFurtherProgrammes } from "@/lib/docs/sandbox-values";

/*
 * A1 and A3: the programmes' login pages, which a partner sends the member's
 * browser to. Described here for the reference (the service's own rules are
 * in server/loyalty/login; docs/decisions.md, A1 and A3): what to put in the
 * link, and where the browser comes back.
 */

const scope = z
  .string()
  .optional()
  .meta({
    description: `Space-separated OAuth scopes: ${oauthScopes.join(", ")}. \`read\` when none is asked for.`,
    example: "read",
  });
const codeChallenge = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .optional()
  .meta({ description: "PKCE (RFC 7636): the S256 challenge of your code verifier, base64url without padding." });
const codeChallengeMethod = z
  .literal("S256")
  .optional()
  .meta({ description: "With a code_challenge: `S256` (`plain` is refused)." });
const uiLocales = z.string().optional().meta({
  description: "An extension (OpenID Connect's `ui_locales`): the page's languages by preference, e.g. `es en`.",
});
const responseType = z.literal("code").meta({ description: "Always `code`." });

const loginResponses = (page: string): Record<string, ZodOpenApiResponseObject> => ({
  "200": {
    description: `${page} The member signs in there; the page's own form posts back to this path.`,
    content: { "text/html": { schema: z.string() } },
  },
  "302": {
    description:
      "After the member signs in: to `redirect_uri` with `code` (for the token service) and `state`. A request whose client and redirect URI are trusted but whose options are not comes back at once with `error` (`INVALID_REQUEST`, or `REQUEST_UNAUTHORIZED` for another `response_type`), `error_description` and `state`.",
    headers: z.object({ Location: z.string().meta({ description: "The redirect URI with the code or the error." }) }),
  },
  "400": {
    description:
      'A page, never a redirect, when no redirect URI can be trusted: an unknown or malformed client ("This login link is not valid"), a redirect URI not registered ("Security issue").',
    content: { "text/html": { schema: z.string() } },
  },
});

export function loginPagePaths(): ZodOpenApiPathsObject {
  return {
    "/oauth/auth/login": {
      get: {
        operationId: "memberLogin",
        summary: "Log a member in",
        description: `A1 member login of the primary programme: send the member's browser here; after they sign in, the browser comes back to your \`redirect_uri\` with a code, which the grant service (A2) exchanges for their token. The sandbox's client is ${sandboxClient.clientId}; its members log in as in sandbox.json (e.g. demo.member1). See the [quickstart](/docs/guides/quickstart).`,
        tags: ["Token services"],
        security: [],
        requestParams: {
          query: z.object({
            response_type: responseType,
            client_id: z
              .string()
              .regex(/^[A-Za-z][A-Za-z0-9]*-\d{5}$/)
              .meta({ description: "Your client: `<prefix>-<5 digits>`.", example: sandboxClient.clientId }),
            redirect_uri: z.string().optional().meta({
              description: "One of your registered redirect URIs, exactly; optional when only one is registered.",
              example: sandboxClient.redirectUris[0],
            }),
            scope,
            state: z.string().max(1024).optional().meta({ description: "Echoed on the redirect: check it there." }),
            code_challenge: codeChallenge,
            code_challenge_method: codeChallengeMethod,
            ui_locales: uiLocales,
          }),
        },
        responses: loginResponses("The programme's login page."),
      },
    },
    "/partner-oauth/secure/code": {
      get: {
        operationId: "secureCode",
        summary: "Log a member in (further programmes)",
        description: `A3 secure code: the login page of a further programme (MERIDIAN, HORIZON); the code it returns is exchanged at the secure key service (A4). The sandbox's client is ${sandboxFurtherProgrammes.clientId}, business context ${sandboxFurtherProgrammes.businessContextIdentifier}; the member of a further programme is demo.meridian.`,
        tags: ["Token services"],
        security: [],
        requestParams: {
          query: z.object({
            response_type: responseType,
            client_id: z
              .string()
              .regex(/^[A-Za-z0-9]{1,40}$/)
              .meta({ description: "Your further programmes' client.", example: sandboxFurtherProgrammes.clientId }),
            "business-context-identifier": z
              .string()
              .regex(/^[A-Za-z]{1,50}$/)
              .meta({
                description: "Your client's business context.",
                example: sandboxFurtherProgrammes.businessContextIdentifier,
              }),
            "programme-identifier": z
              .string()
              .regex(/^[A-Za-z]{1,20}$/)
              .meta({ description: "The further programme the member logs in to.", example: "MERIDIAN" }),
            redirect_uri: z.string().optional().meta({
              description: "The redirect URI registered for that programme, exactly; optional when only one is.",
              example: sandboxFurtherProgrammes.redirectUris.MERIDIAN,
            }),
            scope,
            state: z
              .string()
              .regex(/^[A-Za-z0-9]{1,1024}$/)
              .optional()
              .meta({ description: "1 to 1024 letters and digits, echoed on the redirect." }),
            brandName: z
              .string()
              .regex(/^[A-Za-z]{1,50}$/)
              .optional()
              .meta({ description: "Who asks for access, as the page shows it: 1 to 50 letters." }),
            code_challenge: codeChallenge,
            code_challenge_method: codeChallengeMethod,
            ui_locales: uiLocales,
          }),
        },
        responses: loginResponses("The further programme's login page."),
      },
    },
  };
}

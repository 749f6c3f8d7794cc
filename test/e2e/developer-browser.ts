import { createHash, randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import sandbox from "@/sandbox.json";
import { hydrated, shown } from "../support/page-expectations";

/** What the developer console shows once, right after sign-up. */
export interface SandboxCredentials {
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The console's sign-up form, already on screen, filled and sent as a
 * developer would, then the credentials read off the page that says the
 * sandbox is ready (they are shown there once).
 */
export async function completeSandboxSignUp(page: Page, email: string): Promise<SandboxCredentials> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a long sandbox password");
  await (await hydrated(page.getByRole("button", { name: "Create my sandbox" }))).click();
  await shown(page.getByRole("heading", { name: "Your sandbox is ready" }));
  const credential = async (name: string) =>
    ((await page.locator(`[data-credential="${name}"]`).textContent()) ?? "").trim();
  return {
    apiKey: await credential("api-key"),
    clientId: await credential("client-id"),
    clientSecret: await credential("client-secret"),
  };
}

/** A1's login address for a developer's own client with PKCE (S256), and the verifier A2 must send. */
export function authorizationRequest(
  origin: string,
  { clientId, redirectUri, scope }: { clientId: string; redirectUri: string; scope: string },
): { url: string; verifier: string } {
  const verifier = randomBytes(32).toString("hex");
  const authorize = new URL("/oauth/auth/login", origin);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    scope,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  return { url: authorize.toString(), verifier };
}

/** A P5 debit as a partner's web shop sends it, with the member's token. */
export function debitRequestInit(
  token: string,
  { points, description, identifier }: { points: number; description: string; identifier: string },
): RequestInit & { headers: Record<string, string>; body: string } {
  return {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      svc_client_application_name: sandbox.svcClientApplicationName,
    },
    body: JSON.stringify({
      debitTransaction: {
        externalTransactionDate: "2026-11-20T10:00:00.0+00:00",
        monetaryAmount: { amount: String(points), currency: { currencyCode: "POINTS" } },
        description,
        externalTransactionIdentifier: identifier,
        externalReferenceDescription: `${description} debit`,
        externalPartnerIdentifier: "WEB",
        type: "REDEMPTION",
      },
    }),
  };
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { submitLogin } from "../support/login-form";
import { startApp, type RunningApp } from "../support/start-app";

const apiKey = sandbox.partners[0]!.apiKeys.staging;
const client = sandbox.partners[0]!.oauthClient!;

describe("register (P7), then log in (A1) with the new credentials, over HTTP", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("creates a security profile the login page accepts at once", async () => {
    const membershipNumber = "3081000000000003";
    const registration = await fetch(
      `${app.origin}/api/v2/memberships/${membershipNumber}/registrations?api_key=${apiKey}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          member: {
            securityProfile: {
              credentials: { identifier: "jo.tester", password: "Tester#2026" },
              securityResponses: [
                { questionIdentifier: "1", response: "Rex" },
                { questionIdentifier: "7", response: "Leeds" },
              ],
            },
            postalAddress: { postCode: "LS11AA" },
          },
        }),
      },
    );
    expect(registration.status, await registration.clone().text()).toBe(201);
    expect(await registration.text()).toBe("");

    const query = new URLSearchParams({ client_id: client.clientId, response_type: "code", state: "fresh" });
    const login = await submitLogin(`${app.origin}/oauth/auth/login?${query.toString()}`, "JO.TESTER", "Tester#2026");
    expect(login.status).toBe(302);
    const redirect = new URL(login.location!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(client.redirectUris[0]);
    expect(redirect.searchParams.get("code")).toMatch(/^[0-9a-f]{64}$/);
    expect(redirect.searchParams.get("state")).toBe("fresh");

    const wrong = await submitLogin(`${app.origin}/oauth/auth/login?${query.toString()}`, "jo.tester", "Tester#2027");
    expect(wrong.location).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { submitLogin } from "../support/login-form";
import { sharedApp } from "../support/shared-app";
import type { RunningApp } from "../support/start-app";

const apiKey = sandbox.partners[0]!.apiKeys.staging;
const client = sandbox.partners[0]!.oauthClient!;

describe("register (P7), then log in (A1) with the new credentials, over HTTP", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await sharedApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("creates a security profile the login page accepts at once", async () => {
    // Member 4 (ZA): the docs' error recipes follow members 3 and 5 on this shared server, so this file leaves them unregistered.
    const membershipNumber = "3081000000000004";
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
            // The postcode and identity card the programme holds on file for this member (sandbox.json).
            postalAddress: { postCode: "2196" },
            registeredIdentifier: [{ identifier: "8001015009087", type: "NATIONAL_IDENTITY_CARD" }],
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

  it("refuses a 32 MiB registration body with 413 before reading it, over the real HTTP stack", async () => {
    const membershipNumber = "3081000000000004";
    const answer = await fetch(`${app.origin}/api/v2/memberships/${membershipNumber}/registrations?api_key=${apiKey}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ member: { padding: "x".repeat(32 * 1024 * 1024) } }),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: { code: "REQUEST_INVALID" } });
    expect(answer.headers.get("ratelimit-policy")).toMatch(/^"rate";q=\d+;w=1, "daily";q=\d+;w=86400$/);
  });
});

import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import { newSignInFormToken, startSignIn } from "@/server/portal/auth/start-sign-in";

const secret = "start-sign-in-test-secret-0123456789abcdef";

function post(fields: Record<string, string>, headers: Record<string, string> = { Origin: "http://localhost:3000" }) {
  return startSignIn(
    new Request("http://localhost:3000/login/start", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

describe("the login page's sign-in form, started on the server (/login/start)", () => {
  beforeAll(() => {
    process.env.NEXTAUTH_SECRET = secret;
    process.env.APP_ORIGIN = "http://localhost:3000";
    delete process.env.NEXTAUTH_URL;
    resetEnvironmentCache();
  });

  it("hands the post on to next-auth's start with 307, with the CSRF cookie next-auth checks the form's token against", async () => {
    const token = newSignInFormToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(newSignInFormToken()).not.toBe(token);
    const answer = await post({ provider: "meridian", callbackUrl: "/shop", ui_locales: "es", csrfToken: token });
    expect(answer.status).toBe(307);
    expect(answer.headers.get("location")).toBe("/api/auth/signin/meridian?ui_locales=es");
    const cookie = answer.headers.get("set-cookie")!;
    const hash = createHash("sha256").update(`${token}${secret}`).digest("hex");
    expect(cookie).toBe(`next-auth.csrf-token=${token}|${hash}; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("leaves out a language the portal does not speak, and accepts a same-origin post without Origin", async () => {
    const answer = await post(
      { provider: "loyalty", callbackUrl: "/shop", ui_locales: "xx", csrfToken: newSignInFormToken() },
      { "Sec-Fetch-Site": "same-origin" },
    );
    expect(answer.status).toBe(307);
    expect(answer.headers.get("location")).toBe("/api/auth/signin/loyalty");
  });

  it.each([
    ["another site's post", { Origin: "https://elsewhere.example" }, { provider: "loyalty" }],
    ["a post that says nothing of where it came from", {}, { provider: "loyalty" }],
    ["a cross-site post without Origin", { "Sec-Fetch-Site": "cross-site" }, { provider: "loyalty" }],
    ["an unknown programme", { Origin: "http://localhost:3000" }, { provider: "github" }],
    ["a malformed token", { Origin: "http://localhost:3000" }, { provider: "loyalty", csrfToken: "abc" }],
  ])("sends %s back to the login page with 303, setting no cookie", async (_, headers, fields) => {
    const answer = await post({ csrfToken: newSignInFormToken(), callbackUrl: "/orders?page=2", ...fields }, headers);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/login?callbackUrl=%2Forders%3Fpage%3D2");
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it("keeps only a path of this site as the page to come back to", async () => {
    const answer = await post({ provider: "nope", callbackUrl: "https://evil.example/x", csrfToken: "x" });
    expect(answer.headers.get("location")).toBe("/login?callbackUrl=%2Faccount");
  });
});

import { describe, expect, it, vi } from "vitest";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as loginRoute from "@/app/oauth/auth/login/route";
import sandbox from "@/sandbox.json";
import { basicAuthorization } from "@/lib/loyalty-client/token-client";
import { loginPages } from "@/server/loyalty/login/login-messages";
import { loginWords } from "@/server/loyalty/login/login-translations";
import * as programmeList from "@/server/loyalty/programmes/list-programmes";
import { retrieveProgrammeList } from "@/server/loyalty/operations/retrieve-programme";
import * as passwordHash from "@/server/security/password-hash";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { expectOAuthError } from "../support/oauth-assertions";
import { loginPageDriver } from "../support/login-page-driver";
import { setupTestDatabase } from "../support/test-database";

// The password checks go through this wrapper, so a test can have the queue refuse one.
vi.mock("@/server/security/password-hash", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/security/password-hash")>();
  return { ...actual, verifySecret: vi.fn(actual.verifySecret) };
});
vi.mock("@/server/loyalty/programmes/list-programmes", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/loyalty/programmes/list-programmes")>();
  return { ...actual, listProgrammes: vi.fn(actual.listProgrammes) };
});

setupTestDatabase();

const demoClient = sandbox.partners[0]!.oauthClient!;
const busy = () => new passwordHash.PasswordHashBusy("queue-full", 2);
const refuseNextCheck = () => vi.mocked(passwordHash.verifySecret).mockRejectedValueOnce(busy());

describe("password work refused by the queue, as each surface answers it", () => {
  const base = {
    client_id: demoClient.clientId,
    response_type: "code",
    redirect_uri: demoClient.redirectUris[0]!,
    state: "busy1",
  };
  const login = loginPageDriver(loginRoute, "/oauth/auth/login", base);

  it("the member's login page: 503 with Retry-After, a page in the member's words and language", async () => {
    refuseNextCheck();
    const answer = await login.submit("demo.member1", sandbox.password);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("2");
    expect(answer.text).toContain(loginPages.busy.title);
    expect(answer.text).toContain(loginPages.busy.text);
    expect(answer.text).not.toMatch(/PasswordHashBusy|queue-full|503/);

    refuseNextCheck();
    const french = await login.submit("demo.member1", sandbox.password, { headers: { "accept-language": "fr" } });
    expect(french.status).toBe(503);
    expect(french.text).toContain(loginWords("fr").pages.busy.title);

    // The next try, with room in the queue, logs the member in.
    expect((await login.submit("demo.member1", sandbox.password)).status).toBe(302);
  });

  it("the token services: temporarily_unavailable, 503 with Retry-After", async () => {
    refuseNextCheck();
    const answer = await callRoute(grantRoute, {
      method: "POST",
      url: "/oauth/api/grant",
      headers: {
        authorization: basicAuthorization({ clientId: demoClient.clientId, secret: demoClient.password }),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    expectOAuthError(answer, 503, "temporarily_unavailable");
    expect(answer.headers.get("retry-after")).toBe("2");
  });

  it("the partner operations: the catalogue's SYSTEM_UNAVAILABLE, 503 with Retry-After, in the gateway's shape", async () => {
    // Registration is the operation that hashes; the wrapper answers any operation's refused password work alike.
    vi.mocked(programmeList.listProgrammes).mockRejectedValueOnce(new Error("query failed", { cause: busy() }));
    const answer = await callRoute(retrieveProgrammeList, {
      url: withKey("/api/v1/programmes"),
      params: { version: "v1" },
    });
    const body = expectServiceError(answer, { status: 503, code: "SYSTEM_UNAVAILABLE", shape: "wrapped" });
    expect(answer.headers.get("retry-after")).toBe("2");
    expect(body.developerMessage).toMatch(/retry after 2 seconds/);
  });
});

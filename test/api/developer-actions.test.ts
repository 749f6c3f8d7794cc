import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { resetEnvironmentCache } from "@/server/config/env";
import { developerAccounts } from "@/server/loyalty/developers/developer-tables";
import { apiKeys } from "@/server/loyalty/partners/partner-tables";
import { rollApiKeyAction, updateRedirectUrisAction } from "@/server/loyalty/developers/actions/console-actions";
import { addEndpointAction, sendTestEventAction } from "@/server/loyalty/developers/actions/event-actions";
import { signInAction, signOutAction, signUpAction } from "@/server/loyalty/developers/actions/sign-in-actions";
import { developerAction, developerConsoleMessages } from "@/server/loyalty/developers/developer-action";
import { developerCookieName } from "@/server/loyalty/developers/developer-session-cookie";
import { findDeveloperSession } from "@/server/loyalty/developers/developer-sessions";
import { listApiKeys } from "@/server/loyalty/developers/manage-keys";
import { signInDeveloper, signInMessages } from "@/server/loyalty/developers/sign-in-developer";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import { logger } from "@/server/observability/logger";
import { newStaffRequest, staffRequest } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { db } = setupTestDatabase();
const password = "correct horse battery";
const demoEmail = "developer@demopartner.example";

beforeEach(() => newStaffRequest());

/** A developer with a sandbox of their own, signed in in this request; answers its partner id. */
async function ownSandboxDeveloper(): Promise<number> {
  const email = `dev-${crypto.randomUUID()}@example.com`;
  const result = await signUpDeveloper(db(), { email, password, address: "192.0.2.40", now: new Date() });
  if (result.outcome !== "signed-up") throw new Error(result.message);
  staffRequest.jar.set(developerCookieName(), result.sessionId);
  const [account] = await db().select().from(developerAccounts).where(eq(developerAccounts.email, email));
  return account!.partnerId;
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
}

async function redirectOf(action: Promise<unknown>): Promise<string> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRedirectError(error)) throw new Error("expected a redirect");
  return error.digest.split(";")[2]!;
}

describe("developerAction, the console's one wrapper", () => {
  it("refuses a post from another site (or with no Origin) before it looks at the session or changes anything", async () => {
    const partnerId = await ownSandboxDeveloper();
    const [key] = await listApiKeys(db(), partnerId);
    for (const origin of ["https://attacker.example", null]) {
      staffRequest.headers = new Headers({ host: "localhost:3000" });
      if (origin) staffRequest.headers.set("origin", origin);
      const result = await rollApiKeyAction(null, form({ keyId: String(key!.id) }));
      expect(result).toMatchObject({ ok: false, code: "forbidden" });
      expect(result.ok ? "" : result.message).toContain("did not come from the developer console");
    }
    expect(await listApiKeys(db(), partnerId)).toEqual([key]);
  });

  it("sends a signed-out developer to sign in (session: redirect) or answers unauthenticated (session: answer)", async () => {
    expect(await redirectOf(rollApiKeyAction(null, form({ keyId: "1" })))).toBe("/developers/login");
    const ran = vi.fn(async () => "ran");
    const answering = developerAction(
      { name: "test-answer", session: "answer", read: () => ({}), input: z.object({}) },
      ran,
    );
    expect(await answering(null, form({}))).toMatchObject({ ok: false, code: "unauthenticated" });
    expect(ran).not.toHaveBeenCalled();
  });

  it("refuses the Demo Partner's public sandbox in the console's own words, for keys and for endpoints", async () => {
    const signedIn = await signInDeveloper(db(), {
      email: demoEmail,
      password: "Sandbox#2026",
      address: "192.0.2.41",
      now: new Date(),
    });
    if (signedIn.outcome !== "signed-in") throw new Error(signedIn.message);
    staffRequest.jar.set(developerCookieName(), signedIn.sessionId);
    expect(await rollApiKeyAction(null, form({ keyId: "1" }))).toEqual({
      ok: false,
      code: "forbidden",
      message:
        "The Demo Partner's keys and members are the public sandbox's; sign up for a sandbox of your own to change them.",
    });
    expect(
      await addEndpointAction(null, form({ url: "https://hooks.example.com/in", eventTypes: ["points.credited"] })),
    ).toEqual({
      ok: false,
      code: "forbidden",
      message:
        "The Demo Partner is shared by everyone, so it takes no endpoints; sign up for a sandbox of your own to receive events.",
    });
  });

  it("parses the form against its schema and answers the field's own words", async () => {
    await ownSandboxDeveloper();
    expect(await rollApiKeyAction(null, form({ keyId: "1; drop table" }))).toEqual({
      ok: false,
      code: "invalid",
      message: "This key is no longer in use. Reload the page.",
    });
    expect(await updateRedirectUrisAction(null, form({ clientId: "1", redirectUris: "ftp://x.example" }))).toEqual({
      ok: false,
      code: "invalid",
      message: "Each address must start with https:// or http://, without a # part.",
    });
    expect(await sendTestEventAction(null, form({ type: "points.stolen" }))).toEqual({
      ok: false,
      code: "invalid",
      message: "Choose an event type from the list.",
    });
  });

  it("answers a new secret once, in the result's data, and refuses an id that is not the developer's", async () => {
    const partnerId = await ownSandboxDeveloper();
    const [key] = await listApiKeys(db(), partnerId);
    const rolled = await rollApiKeyAction(null, form({ keyId: String(key!.id) }));
    expect(rolled).toMatchObject({
      ok: true,
      data: { message: "The old key stopped working. Copy the new one now: it is shown only once." },
    });
    expect(rolled.ok && rolled.data.secret).toMatch(/^.{20,}$/);
    const [demoKey] = await db().select().from(apiKeys).where(eq(apiKeys.id, 1));
    expect(demoKey?.partnerId).not.toBe(partnerId);
    expect(await rollApiKeyAction(null, form({ keyId: "1" }))).toEqual({
      ok: false,
      code: "refused",
      message: "This key is no longer in use. Reload the page.",
    });
  });

  it("answers an unexpected failure in plain words with a reference, and logs it with the same reference", async () => {
    await ownSandboxDeveloper();
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const failing = developerAction(
      { name: "test-failure", session: "redirect", read: () => ({}), input: z.object({}) },
      async () => {
        throw new Error("database went away: postgres://secret@db");
      },
    );
    const result = await failing(null, form({}));
    if (result.ok) throw new Error("expected a refusal");
    expect(result.code).toBe("failed");
    expect(result.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.message).toBe(`Something went wrong. Quote reference ${result.reference} to support.`);
    expect(result.message).not.toContain("postgres");
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ action: "test-failure", requestId: result.reference, err: expect.any(Error) }),
      "developer action failed",
    );
    error.mockRestore();
  });
});

describe("the console's sign-up, sign-in and sign-out through the wrapper (session: none)", () => {
  it("sign-up answers field errors with the email typed, then the new sandbox's secrets once, and signs in", async () => {
    const invalid = await signUpAction({}, form({ email: "Someone@Example.com", password: "short" }));
    expect(invalid).toEqual({
      email: "Someone@Example.com",
      result: {
        ok: false,
        code: "invalid",
        message: "Some details need correcting.",
        fieldErrors: { password: "Use at least 12 characters." },
      },
    });
    const email = `new-${crypto.randomUUID()}@example.com`;
    const created = await signUpAction({}, form({ email, password }));
    expect(created.result).toMatchObject({
      ok: true,
      data: { apiKey: expect.any(String), partnerSecret: expect.any(String) },
    });
    const sessionId = staffRequest.jar.get(developerCookieName())?.value;
    expect(sessionId && (await findDeveloperSession(db(), sessionId, new Date()))?.account.email).toBe(email);
    expect(await signUpAction({}, form({ email, password }))).toEqual({
      email,
      result: {
        ok: false,
        code: "refused",
        message: "An account with this email already exists. Sign in instead.",
        fieldErrors: { email: "An account with this email already exists. Sign in instead." },
      },
    });
  });

  it("sign-in refuses a wrong password in the same words, goes to the console when right; sign-out ends the session", async () => {
    expect(await signInAction({}, form({ email: demoEmail, password: "wrong password" }))).toEqual({
      email: demoEmail,
      result: { ok: false, code: "refused", message: signInMessages.incorrect },
    });
    expect(await signInAction({}, form({ email: "", password: "" }))).toMatchObject({
      result: {
        code: "invalid",
        fieldErrors: { email: "Enter your email address.", password: "Enter your password." },
      },
    });
    expect(await redirectOf(signInAction({}, form({ email: demoEmail, password: "Sandbox#2026" })))).toBe(
      "/developers",
    );
    const sessionId = staffRequest.jar.get(developerCookieName())!.value;
    expect(await redirectOf(signOutAction(form({})))).toBe("/developers/login?reason=signed-out");
    expect(staffRequest.jar.has(developerCookieName())).toBe(false);
    expect(await findDeveloperSession(db(), sessionId, new Date())).toBeUndefined();
  });
});

describe("live mode, which has no developer console", () => {
  it("refuses every console action before it reads the form, the session or the database, however it is posted", async () => {
    const hex = (bytes: number) => randomBytes(bytes).toString("hex");
    const live: Record<string, string> = {
      APP_MODE: "live",
      NEXTAUTH_SECRET: hex(32),
      LOYALTY_API_KEY: hex(12).toUpperCase(),
      LOYALTY_CLIENT_SECRET: hex(16),
      LOYALTY_PARTNER_SECRET: hex(16),
      PAYMENTS_SECRET_KEY: `sk_live_${hex(12)}`,
      PAYMENTS_PUBLISHABLE_KEY: `pk_live_${hex(12)}`,
      PAYMENTS_BASE_URL: "https://payments.processor.example",
    };
    const saved = Object.fromEntries(Object.keys(live).map((name) => [name, process.env[name]]));
    const accountsBefore = (await db().select().from(developerAccounts)).length;
    Object.assign(process.env, live);
    resetEnvironmentCache();
    const refused = { ok: false, code: "forbidden", message: developerConsoleMessages.live };
    try {
      const email = `live-${crypto.randomUUID()}@example.com`;
      expect(await signUpAction({}, form({ email, password }))).toEqual({ email, result: refused });
      expect(await signInAction({}, form({ email: demoEmail, password: "Sandbox#2026" }))).toEqual({
        email: demoEmail,
        result: refused,
      });
      expect(await rollApiKeyAction(null, form({ keyId: "1" }))).toEqual(refused);
      const ran = vi.fn(async () => "ran");
      const read = vi.fn(() => ({}));
      const action = developerAction({ name: "test-live", session: "none", read, input: z.object({}) }, ran);
      expect(await action(null, form({}))).toEqual(refused);
      expect(read).not.toHaveBeenCalled();
      expect(ran).not.toHaveBeenCalled();
      expect(staffRequest.jar.has(developerCookieName())).toBe(false);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvironmentCache();
    }
    expect(await db().select().from(developerAccounts)).toHaveLength(accountsBefore);
  });
});

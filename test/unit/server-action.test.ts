import { isRedirectError } from "next/dist/client/components/redirect-error";
import { redirect } from "next/navigation";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { refusal } from "@/lib/actions/action-result";
import { fieldErrorsOf } from "@/lib/forms/field-errors";
import { serverAction, type ActionSteps, type SessionMode } from "@/server/actions/server-action";
import { logger } from "@/server/observability/logger";

const request = { headers: new Headers() };
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => new Map() }));

/** A post from this site (APP_ORIGIN's default), or from `origin`. */
function post(origin: string | null = "http://localhost:3000") {
  request.headers = new Headers({ host: "localhost:3000" });
  if (origin) request.headers.set("origin", origin);
}

beforeEach(() => post());

interface User {
  name: string;
}

/** Spies on every step a surface supplies, so a test sees which ran and in what order. */
function surface<Mode extends SessionMode>(
  mode: Mode,
  overrides: Partial<ActionSteps<unknown, z.ZodType, User, Mode, object, never>> = {},
) {
  const calls: string[] = [];
  const kind = {
    find: vi.fn(async () => {
      calls.push("session");
      return { name: "ada" } as User | null;
    }),
    require: vi.fn(async () => {
      calls.push("session");
      return { name: "ada" };
    }),
  };
  const steps: ActionSteps<unknown, z.ZodType, User, Mode, object, never> = {
    surface: "member",
    name: "test-action",
    foreignOrigin: "Not from this site.",
    session: { mode, kind },
    allow: () => {
      calls.push("allow");
      return undefined;
    },
    rateLimit: async () => {
      calls.push("rate limit");
      return undefined;
    },
    read: (raw) => {
      calls.push("read");
      return raw;
    },
    input: z.object({ amount: z.coerce.number().int("Enter a whole number.") }),
    invalid: {},
    ...overrides,
  };
  return { steps, kind, calls };
}

describe("serverAction, the one builder of every server action", () => {
  it("runs its steps in order: session, what it may do, the rate limit, the input, then the handler", async () => {
    const { steps, calls } = surface("answer");
    const action = serverAction(steps, async ({ input, session }) => {
      calls.push("handler");
      return `${session.name} ${(input as { amount: number }).amount}`;
    });
    expect(await action({ amount: "3" })).toEqual({ ok: true, data: "ada 3" });
    expect(calls).toEqual(["session", "allow", "rate limit", "read", "handler"]);
  });

  it("refuses a cross-site post, or one without an Origin, before the session is read", async () => {
    for (const origin of ["https://attacker.example", null]) {
      post(origin);
      const { steps, kind, calls } = surface("redirect");
      const handler = vi.fn(async () => "ran");
      const result = await serverAction(steps, handler)({ amount: 1 });
      expect(result).toEqual({
        ok: false,
        code: "forbidden",
        message: "Not from this site.",
        reference: expect.any(String),
      });
      expect(kind.require).not.toHaveBeenCalled();
      expect(calls).toEqual([]);
      expect(handler).not.toHaveBeenCalled();
    }
  });

  it("answers the guard's refusal before anything of the request is read, even a foreign Origin", async () => {
    post("https://attacker.example");
    const { steps, calls } = surface("answer", { guard: () => refusal("forbidden", "Not in this deployment.") });
    expect(await serverAction(steps, async () => "ran")({ amount: 1 })).toEqual({
      ok: false,
      code: "forbidden",
      message: "Not in this deployment.",
    });
    expect(calls).toEqual([]);
  });

  it("answers a missing session in the surface's words and stops there (session: answer)", async () => {
    const { steps, kind, calls } = surface("answer", {
      session: { mode: "answer", signedOut: refusal("unauthenticated", "Sign in again to pay.") },
    });
    kind.find.mockImplementation(async () => {
      calls.push("session");
      return null;
    });
    steps.session.kind = kind;
    expect(await serverAction(steps, async () => "ran")({ amount: 1 })).toEqual({
      ok: false,
      code: "unauthenticated",
      message: "Sign in again to pay.",
    });
    expect(calls).toEqual(["session"]);
  });

  it("reads no session for session: none, and hands the handler null", async () => {
    const { steps, kind } = surface("none");
    const action = serverAction(steps, async ({ session }) => session);
    expect(await action({ amount: 1 })).toEqual({ ok: true, data: null });
    expect(kind.find).not.toHaveBeenCalled();
    expect(kind.require).not.toHaveBeenCalled();
  });

  it("stops at what the session may not do, and at the rate limit, before reading the input", async () => {
    const forbidden = surface("answer", { allow: () => refusal("forbidden", "Your role does not allow this.") });
    expect(await serverAction(forbidden.steps, async () => "ran")({ amount: 1 })).toMatchObject({ code: "forbidden" });
    expect(forbidden.calls).toEqual(["session"]);

    const limited = surface("answer", {
      rateLimit: async () => refusal("refused", "Too many; try again in 1 minute."),
    });
    expect(await serverAction(limited.steps, async () => "ran")({ amount: 1 })).toMatchObject({ code: "refused" });
    expect(limited.calls).toEqual(["session", "allow"]);
  });

  it("never hands an input that does not parse to the handler, and words it as the action asks", async () => {
    const handler = vi.fn(async () => "ran");
    const first = surface("none");
    expect(await serverAction(first.steps, handler)({ amount: "1.5" })).toEqual({
      ok: false,
      code: "invalid",
      message: "Enter a whole number.",
    });
    const fixed = surface("none", { invalid: { message: "This payment could not be sent." } });
    expect(await serverAction(fixed.steps, handler)({ amount: "x" })).toMatchObject({
      message: "This payment could not be sent.",
    });
    const worded = surface("none", { invalid: { message: (issue) => `${issue.path.join(".")}: ${issue.message}` } });
    expect(await serverAction(worded.steps, handler)({ amount: "1.5" })).toMatchObject({
      message: "amount: Enter a whole number.",
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("keys field errors by path, the first message per field, beside the form's own message", async () => {
    const { steps } = surface("none", {
      input: z.object({
        email: z.string().min(1, "enter your email").email("Enter an email address."),
        person: z.object({ names: z.array(z.string().min(2, "Use two letters at least.")) }),
      }),
      invalid: { fieldErrors: true },
    });
    const handler = vi.fn(async () => "ran");
    expect(await serverAction(steps, handler)({ email: "", person: { names: ["Ada", "B"] } })).toEqual({
      ok: false,
      code: "invalid",
      message: "Some details need correcting.",
      fieldErrors: { email: "Enter your email.", "person.names[1]": "Use two letters at least." },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("answers a thrown error as a refusal with a reference, logged with the same reference, never the error's text", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const { steps } = surface("answer", { actor: (user) => ({ actor: user.name }) });
    const result = await serverAction(steps, async () => {
      throw new Error("connection to postgres://secret@db lost");
    })({ amount: 1 });
    if (result.ok) throw new Error("expected a refusal");
    expect(result.code).toBe("failed");
    expect(result.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.message).toBe(`Something went wrong. Quote reference ${result.reference} to support.`);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({
        action: "test-action",
        requestId: result.reference,
        actor: "ada",
        err: expect.any(Error),
      }),
      "member action failed",
    );
    error.mockRestore();
  });

  it("lets the surface word the errors it knows, and lets Next.js's redirect through", async () => {
    class Busy extends Error {}
    const { steps } = surface("none", {
      onError: (error) => (error instanceof Busy ? refusal("unavailable", "Busy; try again in a minute.") : undefined),
    });
    expect(
      await serverAction(steps, async () => {
        throw new Busy();
      })({ amount: 1 }),
    ).toEqual({ ok: false, code: "unavailable", message: "Busy; try again in a minute." });
    const redirected = await serverAction(steps, async () => redirect("/elsewhere"))({ amount: 1 }).catch(
      (thrown: unknown) => thrown,
    );
    expect(isRedirectError(redirected)).toBe(true);
  });

  it("settles the audit only after a success, and fails an action that did not record itself", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    let recorded = 0;
    const settle = vi.fn(() => {
      if (recorded !== 1) throw new Error(`recorded ${recorded} rows instead of one`);
    });
    const { steps } = surface("answer", {
      audit: async () => ({ context: { record: () => (recorded += 1) }, settle }),
    });
    const audited = (records: number, refuse = false) =>
      serverAction(
        steps as ActionSteps<unknown, z.ZodType, User, "answer", { record: () => number }, never>,
        async ({ record }) => {
          for (let i = 0; i < records; i += 1) record();
          return refuse ? refusal("refused", "No.") : "done";
        },
      );

    expect(await audited(1)({ amount: 1 })).toEqual({ ok: true, data: "done" });
    recorded = 0;
    expect(await audited(0)({ amount: 1 })).toMatchObject({ ok: false, code: "failed" });
    recorded = 0;
    settle.mockClear();
    expect(await audited(0, true)({ amount: 1 })).toEqual({ ok: false, code: "refused", message: "No." });
    expect(settle).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it("puts the reference on every refusal where the surface asks", async () => {
    const { steps } = surface("answer", { referenceEveryRefusal: true, invalid: { fieldErrors: true } });
    const result = await serverAction(steps, async () => "ran")({ amount: "x" });
    expect(result).toMatchObject({ ok: false, code: "invalid", reference: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});

describe("fieldErrorsOf, the one field-error rule", () => {
  it("keys by contract path, keeps the first message per field as a sentence, and leaves the whole input's issues to the form", () => {
    expect(
      fieldErrorsOf([
        { path: ["member", "person", "names", 0, "value"], message: "the name is empty" },
        { path: ["member", "person", "names", 0, "value"], message: "a second word about it" },
        { path: ["reason"], message: "Give a reason." },
        { path: [], message: "expected an object" },
      ]),
    ).toEqual({ "member.person.names[0].value": "The name is empty.", reason: "Give a reason." });
  });
});

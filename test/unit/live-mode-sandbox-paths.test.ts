import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { isSandboxOnlyPath, liveModeSandboxNotice } from "@/lib/sandbox/sandbox-only-paths";
import { paymentsProcessorProblems } from "@/server/config/live-mode";
import { proxy } from "@/proxy";

const savedMode = process.env.APP_MODE;
afterEach(() => {
  if (savedMode === undefined) delete process.env.APP_MODE;
  else process.env.APP_MODE = savedMode;
});

describe("the sandbox-only paths", () => {
  it.each([
    "/payments-sandbox",
    "/payments-sandbox/",
    "/payments-sandbox/v1/charges",
    "/payments-sandbox/v1/tokens/tok_1",
    "/developers",
    "/developers/",
    "/developers/signup",
    "/developers/login",
    "/developers/events",
    "/developers/receiver/DEMOPARTNER01",
    "/developers/%73ignup",
    "/%64evelopers/signup",
    "//developers/signup",
    "/payments-sandbox//v1/charges",
    "/%70ayments-sandbox/v1/charges",
  ])("%s is one, however it is spelt", (path) => {
    expect(isSandboxOnlyPath(path)).toBe(true);
  });

  it.each(["/", "/docs", "/developer", "/developersx", "/payments", "/payments-sandboxes", "/api/v1/programmes", "/%"])(
    "%s is not",
    (path) => {
      expect(isSandboxOnlyPath(path)).toBe(false);
    },
  );

  it("names every one of them in the start-up notice", () => {
    expect(liveModeSandboxNotice).toContain("/payments-sandbox/*");
    expect(liveModeSandboxNotice).toContain("/developers/*");
    expect(liveModeSandboxNotice).toContain("404");
  });
});

describe("the proxy", () => {
  const request = (path: string, method = "GET") =>
    new NextRequest(new URL(path, "http://localhost:3000"), { method, headers: { "Next-Action": "0123abcd" } });

  it("answers 404 in live mode at every sandbox-only path, for every method, before anything runs", async () => {
    process.env.APP_MODE = "live";
    for (const path of ["/developers/signup", "/developers", "/developers/receiver/X", "/payments-sandbox/v1/charges"])
      for (const method of ["GET", "POST", "PUT"]) {
        const answer = proxy(request(path, method));
        expect(answer.status, `${method} ${path}`).toBe(404);
        // No rewrite or pass-through: the route, page or action behind the path is never reached.
        expect(answer.headers.get("x-middleware-next")).toBeNull();
        expect(answer.headers.get("x-middleware-rewrite")).toBeNull();
        expect(await answer.text()).toContain("Page not found");
      }
    expect(proxy(request("/login")).status).toBe(200);
  });

  it("passes them on in the sandbox, the payments sandbox without the pages' headers", () => {
    process.env.APP_MODE = "sandbox";
    const payments = proxy(request("/payments-sandbox/v1/charges", "POST"));
    expect(payments.headers.get("x-middleware-next")).toBe("1");
    expect(payments.headers.get("content-security-policy")).toBeNull();
    const signUp = proxy(request("/developers/signup"));
    expect(signUp.headers.get("x-middleware-next")).toBe("1");
    expect(signUp.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});

describe("live mode's card processor (PAYMENTS_BASE_URL)", () => {
  it("is required, and may not be a payments sandbox", () => {
    expect(paymentsProcessorProblems({ APP_MODE: "live" })).toEqual([
      "PAYMENTS_BASE_URL is not set; live mode serves no payments sandbox to charge cards through: set the base URL of your card processor's API (without the version).",
    ]);
    expect(
      paymentsProcessorProblems({ APP_MODE: "live", PAYMENTS_BASE_URL: "https://shop.example/payments-sandbox" }),
    ).toEqual([
      "PAYMENTS_BASE_URL points at a payments sandbox, which live mode does not serve: set the base URL of your card processor's API (without the version).",
    ]);
    expect(paymentsProcessorProblems({ APP_MODE: "live", PAYMENTS_BASE_URL: "https://api.processor.example" })).toEqual(
      [],
    );
    // The sandbox charges through its own payments sandbox.
    expect(paymentsProcessorProblems({ APP_MODE: "sandbox" })).toEqual([]);
  });
});

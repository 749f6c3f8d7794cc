import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from "@/lib/portal/security-headers";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );

describe("the portal pages' security headers", () => {
  it("allows scripts and styles by this request's nonce only, and no framing, in production", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123==", development: false, https: false }));
    expect(policy["script-src"]).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(policy["style-src"]).toBe("'self' 'nonce-abc123=='");
    expect(policy["frame-ancestors"]).toBe("'none'");
    expect(policy["object-src"]).toBe("'none'");
    expect(policy["default-src"]).toBe("'self'");
    expect(policy["form-action"]).toBe("'self'");
    expect(Object.values(policy).join(" ")).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy).not.toHaveProperty("upgrade-insecure-requests");
  });

  it("lets forms end up at the programmes' login pages where the service runs elsewhere, and nowhere else", () => {
    const policy = directives(
      contentSecurityPolicy({
        nonce: "n",
        development: false,
        https: true,
        formTargets: ["https://login.loyalty.example", "https://partners.loyalty.example"],
      }),
    );
    expect(policy["form-action"]).toBe("'self' https://login.loyalty.example https://partners.loyalty.example");
  });

  it("lets `next dev` evaluate code and inject styles", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "n", development: true, https: false }));
    expect(policy["script-src"]).toBe("'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    expect(policy["style-src"]).toBe("'self' 'unsafe-inline'");
  });

  it("sends HSTS and upgrades requests only over https", () => {
    const plain = pageSecurityHeaders({ nonce: "n", development: false, https: false });
    const secure = pageSecurityHeaders({ nonce: "n", development: false, https: true });
    expect(plain).not.toHaveProperty("Strict-Transport-Security");
    expect(secure["Strict-Transport-Security"]).toMatch(/^max-age=\d{8,}/);
    expect(secure["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    for (const headers of [plain, secure]) {
      expect(headers).toMatchObject({
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
      });
      expect(headers["Permissions-Policy"]).toContain("camera=()");
    }
  });

  it("makes a new 128-bit nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

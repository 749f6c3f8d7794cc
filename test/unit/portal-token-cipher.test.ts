import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";

describe("tokens at rest", () => {
  let cipher: typeof import("@/server/portal/auth/token-cipher");

  beforeAll(async () => {
    process.env.NEXTAUTH_SECRET = "unit-test-secret-of-at-least-thirty-two-characters";
    resetEnvironmentCache();
    cipher = await import("@/server/portal/auth/token-cipher");
  });

  afterAll(() => {
    delete process.env.NEXTAUTH_SECRET;
    resetEnvironmentCache();
  });

  it("are sealed (never stored as sent) and open again", () => {
    const sealed = cipher.sealToken("eyJhbGciOiJFUzI1NiJ9.payload.signature");
    expect(sealed).not.toContain("payload");
    expect(sealed).toMatch(/^v1\./);
    expect(cipher.sealToken("same")).not.toBe(cipher.sealToken("same"));
    expect(cipher.openToken(sealed)).toBe("eyJhbGciOiJFUzI1NiJ9.payload.signature");
  });

  it("do not open when altered", () => {
    const [version, iv, body, tag] = cipher.sealToken("token").split(".");
    // One bit of the first byte: changing the last base64url character may touch only its unused padding bits.
    const bytes = Buffer.from(body!, "base64url");
    bytes[0] = bytes[0]! ^ 1;
    const flipped = bytes.toString("base64url");
    expect(cipher.openToken([version, iv, flipped, tag].join("."))).toBeUndefined();
    expect(cipher.openToken("plain-token")).toBeUndefined();
  });
});

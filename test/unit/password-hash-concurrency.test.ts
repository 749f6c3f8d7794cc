import { describe, expect, it } from "vitest";
import { hashSecret, maxConcurrentHashes, passwordHashActivity, verifySecret } from "@/server/security/password-hash";

describe("argon2 work is bounded", () => {
  it("runs at most maxConcurrentHashes at once and queues the rest, all of which complete", async () => {
    const stored = await hashSecret("Secret#2026");
    const burst = 8;
    const checks = Array.from({ length: burst }, (_, index) =>
      verifySecret(stored, index === 0 ? "Secret#2026" : "Wrong#2026"),
    );
    const during = passwordHashActivity();
    expect(during.running).toBe(maxConcurrentHashes);
    expect(during.waiting).toBe(burst - maxConcurrentHashes);
    expect(await Promise.all(checks)).toEqual([true, ...Array.from({ length: burst - 1 }, () => false)]);
    const after = passwordHashActivity();
    expect(after.running).toBe(0);
    expect(after.waiting).toBe(0);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunOnceReport } from "@/server/portal/checkout/recovery/run-once";

const idle: RunOnceReport = { claimed: 0, settled: 0, waiting: 0, lost: 0 };

beforeAll(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.stubEnv("LOG_LEVEL", "silent");
  const { resetEnvironmentCache } = await import("@/server/config/env");
  resetEnvironmentCache();
});

async function start(pass: () => Promise<RunOnceReport>, intervalMs = 20) {
  const { startRecoveryWorker } = await import("@/server/portal/checkout/recovery/start-recovery-worker");
  return startRecoveryWorker({ pass, intervalMs });
}

describe("the checkout's recovery worker loop", () => {
  it("runs a pass every interval, never two at once, once per process, and stops", async () => {
    let running = 0;
    let overlapped = false;
    let passes = 0;
    const pass = async () => {
      running += 1;
      overlapped ||= running > 1;
      passes += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
      return idle;
    };
    const worker = await start(pass);
    expect(worker).toBeDefined();
    expect(await start(pass)).toBe(worker);
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await worker!.stop();
    const stoppedAt = passes;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toBe(stoppedAt);
    expect(overlapped).toBe(false);
  });

  it("keeps going after a pass fails", async () => {
    let passes = 0;
    const worker = await start(async () => {
      passes += 1;
      if (passes === 1) throw new Error("database restarting");
      return idle;
    });
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    await worker!.stop();
  });

  it("starts nothing with CHECKOUT_WORKER=off", async () => {
    vi.stubEnv("CHECKOUT_WORKER", "off");
    const { resetEnvironmentCache } = await import("@/server/config/env");
    resetEnvironmentCache();
    let passes = 0;
    expect(
      await start(async () => {
        passes += 1;
        return idle;
      }),
    ).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(passes).toBe(0);
  });

  it("refuses a fault switch in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { resetEnvironmentCache } = await import("@/server/config/env");
    resetEnvironmentCache();
    const { checkoutDeps } = await import("@/server/portal/checkout/checkout-deps");
    const { crashOnceAt } = await import("@/server/portal/checkout/fault-switch");
    await expect(checkoutDeps({ faults: crashOnceAt(() => true) })).rejects.toThrow(/tests only/);
  });
});

import { beforeAll, describe, expect, it, vi } from "vitest";

beforeAll(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});

describe("the one polling loop of the background workers", () => {
  it("keeps one loop per name, and its stop aborts the pass under way and waits for it", async () => {
    const { startPollingLoop } = await import("@/server/workers/polling-loop");
    let aborted = false;
    let finished = false;
    let started = 0;
    const pass = (signal: AbortSignal) => {
      started += 1;
      return new Promise<number>((resolve) => {
        signal.addEventListener("abort", () => {
          aborted = true;
          setTimeout(() => {
            finished = true;
            resolve(0);
          }, 20);
        });
      });
    };
    const loop = startPollingLoop({ name: "test-loop", intervalMs: 5, pass });
    expect(startPollingLoop({ name: "test-loop", intervalMs: 5, pass })).toBe(loop);
    await vi.waitFor(() => expect(started).toBe(1));
    await loop.stop();
    expect(aborted).toBe(true);
    expect(finished).toBe(true);
    expect(startPollingLoop({ name: "test-loop", intervalMs: 5, pass })).not.toBe(loop);
  });

  it("waits the delay a pass asks for, from the pass's end", async () => {
    const { startPollingLoop } = await import("@/server/workers/polling-loop");
    const starts: number[] = [];
    const loop = startPollingLoop({
      name: "test-delays",
      intervalMs: 10_000,
      firstDelayMs: 0,
      pass: async () => {
        starts.push(Date.now());
        return starts.length;
      },
      // A full batch goes again at once; otherwise the (long) interval.
      nextDelayMs: (passes) => (passes < 3 ? 0 : 10_000),
    });
    await vi.waitFor(() => expect(starts.length).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts.length).toBe(3);
    await loop.stop();
  });
});

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

describe("what the loops say of themselves (read by the readiness probe)", () => {
  it("records the pass under way, its beats, the last pass's end and failure, and the stop", async () => {
    const { pollingLoopStates, startPollingLoop } = await import("@/server/workers/polling-loop");
    const stateOf = () => pollingLoopStates().find((state) => state.name === "test-states");
    let release: (() => void) | undefined;
    let beatNow: (() => void) | undefined;
    let passes = 0;
    const before = Date.now();
    const loop = startPollingLoop({
      name: "test-states",
      intervalMs: 10_000,
      firstDelayMs: 0,
      pass: (_signal, beat) => {
        passes += 1;
        beatNow = beat;
        if (passes > 1) return Promise.reject(new Error("second pass fails"));
        return new Promise<void>((resolve) => (release = resolve));
      },
      nextDelayMs: () => 0,
    });
    expect(stateOf()).toMatchObject({ name: "test-states", intervalMs: 10_000 });
    expect(stateOf()!.startedAt).toBeGreaterThanOrEqual(before);

    await vi.waitFor(() => expect(stateOf()!.passStartedAt).toBeDefined());
    const started = stateOf()!.passStartedAt!;
    expect(stateOf()!.lastBeatAt).toBe(started);
    expect(stateOf()!.nextPassDueAt).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 15));
    beatNow!();
    expect(stateOf()!.lastBeatAt).toBeGreaterThan(started);

    // The first pass ends well, the second (at once) fails: the loop goes on, and says the last one failed.
    release!();
    await vi.waitFor(() => expect(stateOf()!.lastPassFailed).toBe(true));
    const state = stateOf()!;
    expect(state.passStartedAt).toBeUndefined();
    expect(state.lastBeatAt).toBeUndefined();
    expect(state.lastPassEndedAt).toBeGreaterThanOrEqual(started);
    expect(state.nextPassDueAt).toBeGreaterThanOrEqual(state.lastPassEndedAt!);

    // A copy: the reader cannot change what the loop records.
    stateOf()!.intervalMs = 1;
    expect(stateOf()!.intervalMs).toBe(10_000);

    await loop.stop();
    expect(stateOf()!.stoppedAt).toBeGreaterThanOrEqual(started);
    expect(stateOf()!.nextPassDueAt).toBeUndefined();
  });
});

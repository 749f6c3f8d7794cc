import { afterEach, describe, expect, it, vi } from "vitest";
import { callDeadline } from "@/lib/http/call-deadline";

afterEach(() => vi.useRealTimers());

describe("a call's deadline", () => {
  it("aborts with a TimeoutError once its time is up", () => {
    vi.useFakeTimers();
    const deadline = callDeadline(1_000);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe("TimeoutError");
  });

  it("leaves no timer behind once the call has ended", () => {
    vi.useFakeTimers();
    const deadline = callDeadline(1_000);
    expect(vi.getTimerCount()).toBe(1);
    deadline.end();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(deadline.signal.aborted).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { machineSharesBetween, parseCpuLine } from "@/bench/machine-cpu";

describe("the bench's reading of the machine's CPU (/proc/stat)", () => {
  it("reads the aggregate line's ticks, steal apart (guest time is already in user)", () => {
    expect(parseCpuLine("cpu  91818 467 22653 107285 3439 0 3747 8925 0 0")).toEqual({
      total: 91818 + 467 + 22653 + 107285 + 3439 + 0 + 3747 + 8925,
      steal: 8925,
    });
  });

  it("refuses a per-core line, a short line and text", () => {
    expect(parseCpuLine("cpu0 1 2 3 4 5 6 7 8 0 0")).toBeUndefined();
    expect(parseCpuLine("cpu 1 2 3 4")).toBeUndefined();
    expect(parseCpuLine("cpu 1 2 3 4 5 6 7 eight")).toBeUndefined();
  });

  it("gives the host's share of the time between two readings", () => {
    const before = parseCpuLine("cpu 100 0 50 800 0 0 0 50 0 0");
    const after = parseCpuLine("cpu 400 0 150 1100 100 0 0 250 0 0");
    // 1000 ticks: 400 ours (user and system), 400 idle (iowait included), 200 stolen.
    expect(machineSharesBetween(before, after)).toEqual({ steal: 0.2 });
  });

  it("gives nothing when a reading is missing or no time passed", () => {
    const reading = parseCpuLine("cpu 1 0 1 1 0 0 0 1 0 0");
    expect(machineSharesBetween(undefined, reading)).toBeUndefined();
    expect(machineSharesBetween(reading, reading)).toBeUndefined();
  });
});

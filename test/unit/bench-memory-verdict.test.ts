import { describe, expect, it } from "vitest";
import { memoryVerdict, type MemoryReading } from "@/bench/memory-verdict";

const run = (megabytes: number[]): MemoryReading[] => megabytes.map((value, minute) => ({ minute, rss: value * 1e6 }));

// Resident memory (MB) read each minute by three 10-minute runs of the member load on 2026-11-29.
const settledAtFourMinutes = run([235, 1441, 2335, 2385, 2427, 2370, 2303, 2338, 2419, 2339, 2347]);
const dipThenPlateau = run([244, 1113, 1364, 1608, 1630, 1494, 1732, 1828, 1717, 1719, 1695]);
const stillRising = run([244, 1056, 1375, 1466, 1565, 1485, 1483, 1590, 1628, 1796, 2033]);

describe("whether the app's resident memory has stopped growing", () => {
  it("calls a memory that stays under its earlier high settled, a dip in the middle included", () => {
    expect(memoryVerdict(settledAtFourMinutes)).toMatchObject({ kind: "settled", peakBefore: { minute: 4 } });
    expect(memoryVerdict(dipThenPlateau)).toMatchObject({
      kind: "settled",
      peakBefore: { minute: 7 },
      highestLast: { minute: 9 },
    });
  });

  it("calls a memory that sets new highs in its last minutes growing", () => {
    expect(memoryVerdict(stillRising)).toMatchObject({
      kind: "growing",
      peakBefore: { minute: 7 },
      highestLast: { minute: 10 },
    });
  });

  it("allows a reading's noise above the earlier high, not more", () => {
    expect(memoryVerdict(run([100, 500, 1000, 1000, 1015, 1010, 1019])).kind).toBe("settled");
    expect(memoryVerdict(run([100, 500, 1000, 1000, 1015, 1010, 1021])).kind).toBe("growing");
  });

  it("says nothing of a run too short to tell", () => {
    expect(memoryVerdict(run([100, 500, 900, 1000, 1000]))).toEqual({ kind: "too-short" });
  });
});

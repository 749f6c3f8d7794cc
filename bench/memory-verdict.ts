/** One reading of the app's resident memory during the memory run. */
export interface MemoryReading {
  minute: number;
  /** Resident memory, bytes. */
  rss: number;
}

/** How many of the last readings are held against the highest before them. */
const lastReadings = 3;
/** How far above that highest they may go and still count as no growth: a reading's own noise. */
const tolerance = 0.02;

export type MemoryVerdict =
  { kind: "too-short" } | { kind: "settled" | "growing"; peakBefore: MemoryReading; highestLast: MemoryReading };

/**
 * Whether the app's resident memory has stopped growing: none of the last
 * three readings rises more than 2 % above the highest before them. V8
 * grows its heap to the load's working size and keeps it, so a memory that
 * has settled stays under the high it reached, dips included, while one that
 * still grows sets new highs to the end. (Comparing the middle reading with
 * the last one instead calls a dip in the middle growth.)
 */
export function memoryVerdict(readings: readonly MemoryReading[]): MemoryVerdict {
  // The reading before the load, and at least two loaded minutes, come before the last three.
  if (readings.length < lastReadings + 3) return { kind: "too-short" };
  const highest = (some: readonly MemoryReading[]) =>
    some.reduce((high, reading) => (reading.rss > high.rss ? reading : high));
  const peakBefore = highest(readings.slice(0, -lastReadings));
  const highestLast = highest(readings.slice(-lastReadings));
  return {
    kind: highestLast.rss <= peakBefore.rss * (1 + tolerance) ? "settled" : "growing",
    peakBefore,
    highestLast,
  };
}

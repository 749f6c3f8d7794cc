import type { Target } from "./app-targets";
import { runLoad, type LoadResult } from "./autocannon-run";

export interface Measured {
  /** Measured in the same rounds as the baseline and the minimal Next.js route (the PostgreSQL group). */
  pairedWithReference: boolean;
  median: LoadResult;
  slowest: LoadResult;
  fastest: LoadResult;
  /** Every measured run, in round order. */
  rounds: LoadResult[];
}

export interface RoundsSettings {
  connections: number;
  seconds: number;
  rounds: number;
  warmUpSeconds: number;
  /** Runs around each measured run of a target (e.g. reading the app's counters before and after it). */
  around?: (target: Target, run: () => Promise<LoadResult>) => Promise<LoadResult>;
}

/**
 * Warms every target up, then measures them in turns, round after round, so
 * slow drift of a shared machine touches all of them alike. Every other round
 * goes in reverse order, so no target always comes right after the same one
 * (a debit run leaves the next one the previous run's dead rows and dirty
 * pages). Each target's median round is reported, with the spread of its
 * rounds.
 */
export async function measureRounds(
  targets: Target[],
  pairedWithReference: boolean,
  settings: RoundsSettings,
): Promise<Measured[]> {
  const { connections, seconds, rounds, warmUpSeconds } = settings;
  const around = settings.around ?? ((_, run) => run());
  for (const target of targets) await runLoad({ ...target, label: "warm-up", connections, seconds: warmUpSeconds });
  const runs = new Map<Target, LoadResult[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      runs.get(target)!.push(await around(target, () => runLoad({ ...target, connections, seconds })));
    }
  }
  return targets.map((target) => {
    const measured = runs.get(target)!;
    const sorted = [...measured].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    return {
      pairedWithReference,
      median: sorted[Math.floor(sorted.length / 2)]!,
      slowest: sorted[0]!,
      fastest: sorted[sorted.length - 1]!,
      rounds: measured,
    };
  });
}

/**
 * Throughput of `subject` over `reference`, paired by round (both measured
 * in the same round, minutes apart at most) and the median of the rounds'
 * ratios taken: load from elsewhere on a shared machine moves both of a
 * round's runs, and cancels out of their ratio far better than out of two
 * medians taken apart.
 */
export function pairedShare(
  subject: Measured,
  reference: Measured,
): { median: number; low: number; high: number; byRound: number[] } {
  const byRound = subject.rounds.map(
    (run, round) => run.requestsPerSecond / reference.rounds[round]!.requestsPerSecond,
  );
  const ratios = [...byRound].sort((a, b) => a - b);
  return { median: ratios[Math.floor(ratios.length / 2)]!, low: ratios[0]!, high: ratios[ratios.length - 1]!, byRound };
}

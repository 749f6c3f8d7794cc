import { readFileSync } from "node:fs";

/** The machine's CPU time so far, in clock ticks, from the first line of /proc/stat. */
export interface MachineCpu {
  /** Ticks in every state (user, nice, system, idle, iowait, irq, softirq, steal) together. */
  total: number;
  /** Time the hypervisor ran something else while this machine's virtual CPUs wanted to run. */
  steal: number;
}

/** What the host took between two readings, as a share of the machine's CPU time. */
export interface MachineShares {
  /** Taken by the hypervisor for others (steal): the host's load, which no process here shows. */
  steal: number;
}

/** Undefined where /proc/stat is missing (not Linux): the report then leaves the machine's shares out. */
export function readMachineCpu(): MachineCpu | undefined {
  try {
    return parseCpuLine(readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!);
  } catch {
    return undefined;
  }
}

/** The aggregate `cpu` line of /proc/stat (proc(5)): ticks in user, nice, system, idle, iowait, irq, softirq, steal, … */
export function parseCpuLine(line: string): MachineCpu | undefined {
  const [name, ...fields] = line.trim().split(/\s+/);
  const parts = fields.slice(0, 8).map(Number);
  if (name !== "cpu" || parts.length < 8 || parts.some((part) => !Number.isFinite(part))) return undefined;
  return { total: parts.reduce((sum, part) => sum + part, 0), steal: parts[7]! };
}

export function machineSharesBetween(
  before: MachineCpu | undefined,
  after: MachineCpu | undefined,
): MachineShares | undefined {
  if (!before || !after) return undefined;
  const total = after.total - before.total;
  if (total <= 0) return undefined;
  return { steal: (after.steal - before.steal) / total };
}

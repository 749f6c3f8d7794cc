import { readFileSync } from "node:fs";
import { Client } from "pg";

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** CPU time (ms, user and system) the processes `pids` have used so far; one that ended counts nothing. */
export function processesCpu(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return (ticks / ticksPerSecond) * 1000;
}

/** CPU time (ms) each PostgreSQL backend serving `databaseUrl` has used so far, by process id. */
export async function databaseBackendsCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return new Map(rows.map((row) => [row.pid, processesCpu([row.pid])]));
  } finally {
    await client.end();
  }
}

/**
 * The backends' CPU between two readings: each one's growth, the whole of one that opened in between. A pool may
 * close idle connections and open new ones while the load runs (several server processes, each with its own): what
 * a backend that closed in between used since the first reading is lost, so this is a floor, never below zero.
 */
export function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let milliseconds = 0;
  for (const [pid, used] of after) milliseconds += used - (before.get(pid) ?? 0);
  return milliseconds;
}

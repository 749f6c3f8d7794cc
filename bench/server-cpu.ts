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

/** CPU time (ms) the PostgreSQL backends serving `databaseUrl` have used so far: the app pool's connections. */
export async function databaseBackendsCpu(databaseUrl: string): Promise<{ pids: number[]; milliseconds: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    const pids = rows.map((row) => row.pid);
    return { pids, milliseconds: processesCpu(pids) };
  } finally {
    await client.end();
  }
}

import { readFileSync } from "node:fs";
import { Client } from "pg";

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** CPU time (ms) the PostgreSQL backends serving `databaseUrl` have used so far: the app pool's connections. */
export async function databaseBackendsCpu(databaseUrl: string): Promise<{ pids: number[]; milliseconds: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // A backend that ended meanwhile.
      }
    }
    return { pids: rows.map((row) => row.pid), milliseconds: (ticks / ticksPerSecond) * 1000 };
  } finally {
    await client.end();
  }
}

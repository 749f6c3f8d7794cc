import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./start-app";

/** A PostgreSQL server of a test's own, on a temporary folder and a free port, that the test may stop and start. */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string;
  /** Stops the server at once (`pg_ctl stop -m immediate`), as a crash or a pulled cable would. */
  stop(): Promise<void>;
  /** Starts it again on the same folder and port. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

/** The folder of the newest installed server's programs (initdb, pg_ctl), if any: Debian's layout. */
export function postgresServerBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

/** initdb and the server refuse to run as root: as root, the programs run as the `postgres` user. */
function runAs(): { prefix: string[]; owner?: { uid: number; gid: number } } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { prefix: ["runuser", "-u", "postgres", "--"], owner: { uid, gid } };
}

/**
 * Creates and starts a throwaway cluster (initdb on a temporary folder,
 * trust authentication, on 127.0.0.1 only), for tests that stop the
 * database under a running app without touching the machine's own server.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresServerBinaries();
  if (!bin) throw new Error("no PostgreSQL server programs under /usr/lib/postgresql");
  const { prefix, owner } = runAs();
  const folder = mkdtempSync(path.join(tmpdir(), "throwaway-pg-"));
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const data = path.join(folder, "data");
  const port = await freePort();
  const run = (program: string, args: string[]) => {
    const [command, ...rest] = [...prefix, path.join(bin, program), ...args];
    execFileSync(command!, rest, { stdio: "pipe", timeout: 60_000 });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () =>
    run("pg_ctl", ["start", "-D", data, "-w", "-l", path.join(folder, "server.log"), "-o", options]);
  const stop = async () => run("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

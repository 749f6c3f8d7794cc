import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connectDatabase } from "@/server/db/connect";
import { assertNothingSecretShared, prepareEveryParty, waitForTemplate } from "./database-template";
import { isRunning } from "./shared-portal-state";

/**
 * The servers the http and e2e projects start (`startApp`) open an embedded
 * database in a folder. Migrating and seeding it (argon2 hashes of every
 * sandbox password included) was most of a server's start; instead each
 * server starts on a copy of one folder that is migrated and seeded once:
 * the same state its own first start would have made, signing keys apart
 * (generated on first use, so each server makes its own).
 *
 * The folder is kept between runs under its key (the migrations, sandbox.json,
 * the seed code and PGlite's version), so a change to any of them makes a new
 * one and never reuses a stale one.
 */
export const templatesDir = path.resolve(".data", "test-templates");
/**
 * Where the servers' copies go, in a folder per run. Each server removes its
 * own copy when it stops; a run's folder, with any copy left in it (the shared
 * e2e portal's, which the run's teardown stops by its pid), goes at the next
 * run's set-up.
 */
const copiesDir = path.resolve(".data", "test-servers");
/** Set by the global setup; read by `startApp` in the test workers (they inherit the main process's environment). */
export const serverTemplateVariable = "TEST_SERVER_DATABASE_TEMPLATE";

const buildKey = Symbol.for("loyalty-platform.server-database-template");
type WithBuild = typeof globalThis & { [buildKey]?: Promise<string> };

/**
 * The folder, complete: built once per process (the http and e2e projects'
 * global setups share it), or found complete from an earlier run.
 */
export function serverTemplateReady(folder: string): Promise<string> {
  const holder = globalThis as WithBuild;
  holder[buildKey] ??= buildServerTemplate(folder);
  return holder[buildKey];
}

async function buildServerTemplate(folder: string): Promise<string> {
  if (isComplete(folder)) return folder;
  mkdirSync(templatesDir, { recursive: true });
  // Runs side by side (npm test's two Vitest runs) build it once: the others wait for the one holding the lock.
  const lock = `${folder}.lock`;
  while (!takeLock(lock)) {
    if (isComplete(folder)) return folder;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    if (isComplete(folder)) return folder;
    // Other keys' folders, and what runs that ended left half-built, are stale: nothing will copy them.
    for (const entry of readdirSync(templatesDir)) {
      const file = path.join(templatesDir, entry);
      const owner = /\.(\d+)\.partial$/.exec(entry)?.[1];
      if (!entry.startsWith("server-pglite-") || file === folder || file === lock) continue;
      if (entry.endsWith(".lock") || (owner && isRunning(Number(owner)))) continue;
      rmSync(file, { recursive: true, force: true });
    }
    const partial = `${folder}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    const handle = await connectDatabase({ pgliteDataDir: partial });
    try {
      await prepareEveryParty(handle);
      await assertNothingSecretShared(handle);
    } finally {
      await handle.close();
    }
    renameSync(partial, folder);
    return folder;
  } finally {
    rmSync(lock, { force: true });
  }
}

const isComplete = (folder: string) => existsSync(path.join(folder, "PG_VERSION"));

/** Takes the build lock (a file naming its holder), or clears it for the next try when its holder is gone. */
function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: "wx" });
    return true;
  } catch {
    let holder: number;
    try {
      holder = Number(readFileSync(lock, "utf8"));
      // Empty: being written, unless its writer died at that very moment (then it stays empty).
      if (!(holder > 0) && Date.now() - statSync(lock).mtimeMs < 5_000) return false;
    } catch {
      return false; // released meanwhile: the next try takes it
    }
    if (!(holder > 0) || !isRunning(holder)) rmSync(lock, { force: true });
    return false;
  }
}

/** This run's folder of server copies (removed by a later run's `removeStaleCopies` once this one has ended). */
export function runCopiesDir(pid = process.pid): string {
  return path.join(copiesDir, `run-${pid}`);
}

/** Removes the copies of runs that have ended, killed or not. */
export function removeStaleCopies(isRunning: (pid: number) => boolean): void {
  if (!existsSync(copiesDir)) return;
  for (const entry of readdirSync(copiesDir)) {
    const owner = /^run-(\d+)$/.exec(entry)?.[1];
    if (owner && !isRunning(Number(owner))) rmSync(path.join(copiesDir, entry), { recursive: true, force: true });
  }
}

export interface TemplateAnnouncement {
  folder: string;
  copies: string;
  /** Written, with the reason, when building the folder failed. */
  failureFile: string;
}

/**
 * A copy of the prepared folder for one server, or undefined outside a run
 * whose global setup announced one (e.g. the benchmark): the server then
 * prepares its own database, as in production.
 */
export async function copyOfServerTemplate(): Promise<string | undefined> {
  const announced = process.env[serverTemplateVariable];
  if (!announced) return undefined;
  const { folder, copies, failureFile } = JSON.parse(announced) as TemplateAnnouncement;
  await waitForTemplate("the servers' database template", failureFile, () => isComplete(folder));
  mkdirSync(copies, { recursive: true });
  const copy = path.join(copies, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  cpSync(folder, copy, { recursive: true });
  return copy;
}

/**
 * A folder for a server's embedded database that a test reads or reuses
 * itself: the run's prepared copy (already migrated and seeded, as the
 * server's first start would leave it), or else an empty one.
 */
export async function dataDirForServer(prefix: string): Promise<string> {
  return (await copyOfServerTemplate()) ?? mkdtempSync(path.join(tmpdir(), prefix));
}

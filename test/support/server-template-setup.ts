import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { recordTemplateFailure } from "./database-template";
import {
  removeStaleCopies,
  runCopiesDir,
  serverTemplateReady,
  templatesDir,
  serverTemplateVariable,
  type TemplateAnnouncement,
} from "./server-database-template";
import { isRunning } from "./shared-portal-state";
import { templateKey } from "./template-sources";

/** The prepared folder's name: its key, and PGlite's version (a folder one version wrote, another may not open). */
function serverTemplateFolder(): string {
  const pglite = JSON.parse(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
    version: string;
  };
  return path.join(templatesDir, `server-pglite-${pglite.version}-${templateKey()}`);
}

/**
 * Global setup of the projects that start servers (http, e2e): announces the
 * prepared embedded database their servers start on (server-database-template.ts)
 * and builds it unless an earlier run left it complete. Not awaited: the
 * first server waits for it instead, while the other projects get going.
 */
export default async function setupServerTemplate(): Promise<() => Promise<void>> {
  removeStaleCopies(isRunning);
  const folder = serverTemplateFolder();
  const announcement: TemplateAnnouncement = {
    folder,
    copies: runCopiesDir(),
    failureFile: path.join(path.dirname(folder), `server-${process.pid}.failed`),
  };
  process.env[serverTemplateVariable] = JSON.stringify(announcement);
  const building = serverTemplateReady(folder).catch((error: unknown) =>
    recordTemplateFailure(announcement.failureFile, error),
  );
  return async () => {
    await building;
    rmSync(announcement.failureFile, { force: true });
  };
}

import { rmSync } from "node:fs";
import path from "node:path";
import {
  recordTemplateFailure,
  removeStaleCopies,
  runCopiesDir,
  serverTemplateFolder,
  serverTemplateReady,
  serverTemplateVariable,
  type TemplateAnnouncement,
} from "./server-database-template";
import { isRunning } from "./shared-portal-state";

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
  const building = serverTemplateReady().catch((error: unknown) =>
    recordTemplateFailure(announcement.failureFile, error),
  );
  return async () => {
    await building;
    rmSync(announcement.failureFile, { force: true });
  };
}

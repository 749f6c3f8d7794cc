import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * The e2e run's shared portal: started by the first test file that asks for
 * it, detached so it outlives that file, and recorded here so the next files
 * reuse it and the run's teardown stops it.
 */
export interface SharedPortalState {
  pid: number;
  origin: string;
  port: number;
  logFile: string;
}

export function readSharedPortal(stateFile: string): SharedPortalState | undefined {
  if (!existsSync(stateFile)) return undefined;
  try {
    return JSON.parse(readFileSync(stateFile, "utf8")) as SharedPortalState;
  } catch {
    return undefined;
  }
}

export function recordSharedPortal(stateFile: string, state: SharedPortalState): void {
  writeFileSync(stateFile, JSON.stringify(state));
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the shared portal, if one is running, and waits for it to be gone (its port free again). */
export async function stopSharedPortal(stateFile: string): Promise<void> {
  const state = readSharedPortal(stateFile);
  rmSync(stateFile, { force: true });
  if (!state) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      // Detached: the server leads its own process group.
      process.kill(-state.pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const deadline = Date.now() + 10_000;
  while (isRunning(state.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isRunning(state.pid)) signal("SIGKILL");
  while (isRunning(state.pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(state.logFile, { force: true });
}

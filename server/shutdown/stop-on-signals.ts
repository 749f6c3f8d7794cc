import "server-only";
import { env } from "@/server/config/env";
import { closeConnection } from "@/server/db/shared-connection";
import { logger } from "@/server/observability/logger";
import { stopPollingLoops } from "@/server/workers/polling-loop";
import { shutDown } from "./shut-down";
import { drainHttpServers, trackHttpServers } from "./track-http-servers";

interface SignalState {
  installed: boolean;
  lastWrites: (() => Promise<void>)[];
}

// On globalThis, like the HTTP servers' state: one handler per process, however often the module is bundled.
const state = ((globalThis as { [key: symbol]: SignalState | undefined })[
  Symbol.for("loyalty-platform.shutdown.signals")
] ??= { installed: false, lastWrites: [] });

/**
 * Adds a write to make once the requests in flight are answered and the
 * workers stopped, before the databases close (the request log's buffered
 * rows): it runs within the shutdown's last few seconds.
 */
export function beforeDatabasesClose(write: () => Promise<void>): void {
  state.lastWrites.push(write);
}

/**
 * SIGTERM (a deploy, Kubernetes) or SIGINT (Ctrl-C) stops the process
 * gracefully (shut-down.ts): no new connection is accepted, the requests in
 * flight are answered, the workers finish their current step and give their
 * leases back, the last writes are made and the databases closed; then it
 * exits 0, or 1 when SHUTDOWN_GRACE_MS cut something off. `npm start` sets
 * NEXT_MANUAL_SIG_HANDLE, which keeps Next.js's own handler out: that one
 * exits with 143 as soon as its server has closed, without waiting for the
 * workers or closing the pools. A second signal while stopping changes
 * nothing (a shell's Ctrl-C reaches npm and the server both).
 */
export function stopGracefullyOnSignals(): void {
  if (state.installed) return;
  state.installed = true;
  trackHttpServers();
  const log = logger.child({ component: "shutdown" });
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
    log.warn(
      "NEXT_MANUAL_SIG_HANDLE is not set: Next.js handles SIGTERM too and exits as soon as its server has closed, before the workers have stopped (npm start sets it)",
    );
  }
  const graceMs = env().SHUTDOWN_GRACE_MS;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, graceMs }, "stopping: no new connections; finishing the requests and steps under way");
    void shutDown(
      {
        drainHttp: drainHttpServers,
        stopWorkers: stopPollingLoops,
        lastWrites: async () => {
          await Promise.all(state.lastWrites.map((write) => write()));
        },
        closeDatabases: closeConnection,
      },
      { graceMs, onProblem: (step, error) => log.error({ step, err: error }, "stopping: a step was cut off") },
    ).then((report) => {
      log.info({ ...report }, report.clean ? "stopped" : "stopped, with work cut off");
      process.exit(report.clean ? 0 : 1);
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

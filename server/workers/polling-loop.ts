import "server-only";
import { logger } from "@/server/observability/logger";

export interface PollingLoop {
  /** Stops scheduling, aborts the pass under way's signal, waits for that pass to end, then resolves. */
  stop(): Promise<void>;
}

export interface PollingLoopOptions<Report> {
  /** The loop's name in the logs, and its key: one loop of a name per process. */
  name: string;
  intervalMs: number;
  /** The wait before the first pass (the interval by default). */
  firstDelayMs?: number;
  /**
   * One pass. The signal aborts when the loop stops: a long pass takes no new work and finishes what it holds.
   * A pass that may run long (as long as work keeps coming) calls `beat` as it goes, so the loop reads as alive.
   */
  pass: (signal: AbortSignal, beat: () => void) => Promise<Report>;
  /** What a pass's report is worth logging (nothing by default). */
  describe?: (report: Report) => Record<string, unknown> | undefined;
  /** The wait before the next pass (the interval by default): a pass that found a full batch may go again at once. */
  nextDelayMs?: (report: Report) => number;
  /** Keep the process alive for the loop (a worker on its own); by default its timers never hold the process. */
  keepAlive?: boolean;
  /** Logged once when the loop starts. */
  settings?: Record<string, unknown>;
}

/** What a loop has done, for the readiness probe: read-only, times in milliseconds since the epoch. */
export interface PollingLoopState {
  name: string;
  intervalMs: number;
  startedAt: number;
  /** Set once the loop has been stopped: it runs no more passes. */
  stoppedAt?: number;
  /** The pass under way: when it started, and its last beat (its start until it beats). */
  passStartedAt?: number;
  lastBeatAt?: number;
  /** When the last pass ended (whether it succeeded or failed), and whether it failed. */
  lastPassEndedAt?: number;
  lastPassFailed?: boolean;
  /** When the next pass is due, while none is under way. */
  nextPassDueAt?: number;
}

// On globalThis, so hot reload or a second import of a module in one process never starts a second loop, and the
// readiness route (another bundle in the same process) reads the states the instrumentation's loops write.
const loops = ((globalThis as { [key: symbol]: Map<string, PollingLoop> | undefined })[
  Symbol.for("loyalty-platform.workers.polling-loops")
] ??= new Map<string, PollingLoop>());
const states = ((globalThis as { [key: symbol]: Map<string, PollingLoopState> | undefined })[
  Symbol.for("loyalty-platform.workers.polling-loop-states")
] ??= new Map<string, PollingLoopState>());

/** Every loop this process has started (a stopped one stays, marked so), as copies. */
export function pollingLoopStates(): PollingLoopState[] {
  return [...states.values()].map((state) => ({ ...state }));
}

/**
 * The one loop every background worker runs on (webhook delivery, checkout
 * recovery, maintenance): a pass, then a pause measured from the pass's end,
 * so passes never overlap in a process; a failed pass is logged and the next
 * one tries again. Work shared between instances is claimed in the database
 * by each pass, never coordinated here.
 */
export function startPollingLoop<Report>(options: PollingLoopOptions<Report>): PollingLoop {
  const running = loops.get(options.name);
  if (running) return running;

  const log = logger.child({ component: options.name });
  const stopping = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();
  const state: PollingLoopState = { name: options.name, intervalMs: options.intervalMs, startedAt: Date.now() };
  const beat = () => {
    if (state.passStartedAt !== undefined) state.lastBeatAt = Date.now();
  };

  const schedule = (delayMs: number) => {
    state.nextPassDueAt = Date.now() + delayMs;
    timer = setTimeout(tick, delayMs);
    if (!options.keepAlive) timer.unref();
  };
  function tick() {
    let delayMs = options.intervalMs;
    state.nextPassDueAt = undefined;
    state.passStartedAt = Date.now();
    state.lastBeatAt = state.passStartedAt;
    let failed = false;
    current = Promise.resolve()
      .then(() => options.pass(stopping.signal, beat))
      .then((report) => {
        const described = options.describe?.(report);
        if (described) log.info(described, `${options.name} pass`);
        if (options.nextDelayMs) delayMs = options.nextDelayMs(report);
      })
      .catch((error: unknown) => {
        failed = true;
        log.error({ err: error }, `${options.name} pass failed`);
      })
      .finally(() => {
        state.passStartedAt = undefined;
        state.lastBeatAt = undefined;
        state.lastPassEndedAt = Date.now();
        state.lastPassFailed = failed;
        if (!stopping.signal.aborted) schedule(delayMs);
      });
  }

  const loop: PollingLoop = {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      state.nextPassDueAt = undefined;
      state.stoppedAt ??= Date.now();
      await current;
      if (loops.get(options.name) === loop) loops.delete(options.name);
    },
  };
  loops.set(options.name, loop);
  states.set(options.name, state);
  schedule(options.firstDelayMs ?? options.intervalMs);
  log.info({ intervalMs: options.intervalMs, ...options.settings }, `${options.name} started`);
  return loop;
}

/**
 * Stops every loop this process runs, together: each stops claiming, its
 * pass under way finishes its current step and gives its leases back (the
 * process is stopping, server/shutdown).
 */
export async function stopPollingLoops(): Promise<void> {
  await Promise.all([...loops.values()].map((loop) => loop.stop()));
}

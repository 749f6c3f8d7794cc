/** The parts a stopping process winds down, in order (stop-on-signals.ts passes the real ones; tests their own). */
export interface ShutdownSteps {
  /** Stops accepting and answers what is in flight; false when `deadline` (epoch ms) cut some off. */
  drainHttp(deadline: number): Promise<boolean>;
  /** The background workers finish their current step and give their leases back. */
  stopWorkers(): Promise<void>;
  /** What must be written before the databases close (the request log's last rows). */
  lastWrites(): Promise<void>;
  closeDatabases(): Promise<void>;
}

export interface ShutdownOptions {
  /** For the requests in flight and the workers' current steps together (SHUTDOWN_GRACE_MS). */
  graceMs: number;
  /** For each of the last two steps, once the first two are done. */
  closeMs?: number;
  /** Told of a step that failed or ran out of time. */
  onProblem?: (step: keyof ShutdownSteps, error?: unknown) => void;
}

export interface ShutdownReport {
  /** Every step finished in its time: nothing was cut off. */
  clean: boolean;
  /** The steps that failed or ran out of time. */
  cutOff: (keyof ShutdownSteps)[];
  durationMs: number;
  /** How long each step took (until it was cut off, for one that was): where a slow stop spent its time. */
  stepMs: Partial<Record<keyof ShutdownSteps, number>>;
}

/** The last rows and the pools: quick unless the database is gone, and then not worth waiting for long. */
export const defaultCloseMs = 5_000;

/**
 * Winds the process down: the HTTP servers stop accepting and answer what
 * they hold while the workers finish their current step, both within the
 * grace; then the last writes are made (the request log's rows) and the databases
 * closed, each within `closeMs`. Nothing is left waiting on a step that hangs:
 * a step out of time is reported and the next one runs.
 */
export async function shutDown(steps: ShutdownSteps, options: ShutdownOptions): Promise<ShutdownReport> {
  const started = Date.now();
  const deadline = started + options.graceMs;
  const closeMs = options.closeMs ?? defaultCloseMs;
  const cutOff: (keyof ShutdownSteps)[] = [];
  const stepMs: ShutdownReport["stepMs"] = {};
  const run = async (step: keyof ShutdownSteps, work: () => Promise<unknown>, until: number) => {
    const began = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), Math.max(0, until - Date.now()));
    });
    try {
      const outcome = await Promise.race([work(), late]);
      if (outcome === "late" || outcome === false) {
        cutOff.push(step);
        options.onProblem?.(step);
      }
    } catch (error) {
      cutOff.push(step);
      options.onProblem?.(step, error);
    } finally {
      clearTimeout(timer);
      stepMs[step] = Date.now() - began;
    }
  };
  await Promise.all([
    // The drain cuts off what is left at the deadline itself; the margin only guards against a drain that hangs.
    run("drainHttp", () => steps.drainHttp(deadline), deadline + closeMs),
    run("stopWorkers", () => steps.stopWorkers(), deadline),
  ]);
  await run("lastWrites", () => steps.lastWrites(), Date.now() + closeMs);
  await run("closeDatabases", () => steps.closeDatabases(), Date.now() + closeMs);
  return { clean: cutOff.length === 0, cutOff, durationMs: Date.now() - started, stepMs };
}

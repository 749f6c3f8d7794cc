/**
 * A signal that aborts a call after `ms` (with the TimeoutError
 * `AbortSignal.timeout` gives), and `end`, which clears its timer once the
 * call has been answered and read. `AbortSignal.timeout` cannot be cleared,
 * and a signal that fetch listens to stays reachable until its time is up
 * (nodejs/node#48951), so every finished call would stay reachable, with
 * what its listeners hold, for the rest of its timeout.
 */
export function callDeadline(ms: number): { signal: AbortSignal; end: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    ms,
  );
  return { signal: controller.signal, end: () => clearTimeout(timer) };
}

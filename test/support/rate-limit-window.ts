/**
 * Waits, if less than `neededMs` is left of the current window of a
 * fixed-window limit `windowSeconds` long, for the next one to begin. The
 * app's windows are aligned on the epoch (server/loyalty/rate-limits/fixed-window.ts,
 * server/portal/rate-limit/rate-limit-rule.ts), so a test that counts
 * requests up to a limit must send them all in one: a new window counts from
 * zero again, and on a busy machine a test's requests can straddle a
 * window's end. The servers under test run on this machine, on its clock.
 */
export async function awaitWindowWithRoom(windowSeconds: number, neededMs: number): Promise<void> {
  const windowMs = windowSeconds * 1_000;
  if (neededMs >= windowMs) throw new Error(`a window of ${windowSeconds} s never has ${neededMs} ms left`);
  const leftMs = windowMs - (Date.now() % windowMs);
  // A second past the window's end: no clock read after this one, a server's included, is still in the old one.
  if (leftMs < neededMs) await new Promise((resolve) => setTimeout(resolve, leftMs + 1_000));
}

import "server-only";

const installedKey = Symbol.for("loyalty-platform.format-abort-reasons");

/**
 * Reads the stack of every Error an AbortController is aborted with, as it
 * is aborted, so that V8 formats it and lets go of its stack frames.
 *
 * Why: React's server renderer ends every render by aborting the render's
 * `cacheController` with a new Error, made inside a `setImmediate` callback.
 * Until its `stack` is read, V8 keeps that Error's frames unformatted, each
 * with its receiver, and one receiver is the Immediate being run. Node
 * leaves an Immediate linked to the others run in the same turn, and each of
 * those carries the async context (the render) it was made in. So a render
 * kept by anything long-lived (a pooled socket or a timer made during it)
 * kept the renders that ran beside it, and they theirs: under load the heap
 * grew by every render's objects, hundreds of megabytes in minutes
 * (docs/performance.md, "Memory"). Formatted, the reason keeps its text and
 * nothing else. The cost is one stack formatted per aborted controller (one
 * per page render), about ten microseconds.
 */
export function formatAbortReasons(): void {
  const prototype = AbortController.prototype as AbortController & { [installedKey]?: true };
  if (prototype[installedKey]) return;
  prototype[installedKey] = true;
  const abort = prototype.abort;
  prototype.abort = function abortWithFormattedReason(this: AbortController, reason?: unknown) {
    if (reason instanceof Error) void reason.stack;
    return abort.call(this, reason);
  };
}

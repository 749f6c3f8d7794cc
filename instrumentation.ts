/**
 * Next.js calls this once as the server starts, in each runtime. Everything
 * this app does there is Node.js's (instrumentation-node.ts), imported only
 * in the Node.js runtime: the Edge compilation of this file,
 * where NEXT_RUNTIME is "edge", drops the branch and with it every Node-only
 * module (process.exit, process.stderr, node:http), which it would warn about.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    await (await import("./instrumentation-node")).registerNodeRuntime();
  }
}

import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { isRunning } from "@/bench/run-with-cleanup";
import { freePort } from "../support/start-app";

/** Whether this process can listen on the port: nobody holds it any more. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Runs the miniature bench run; `whenStarted` acts once it has started everything. */
async function run(mode: "fail" | "wait", whenStarted: (pid: number) => void = () => undefined) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/support/bench-cleanup-fixture.ts", String(port), mode],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  let started: number[] = [];
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    const line = /^\{"started":.*\}$/m.exec(output);
    if (line && started.length === 0) {
      started = (JSON.parse(line[0]) as { started: number[] }).started;
      whenStarted(child.pid!);
    }
  });
  const exit = await new Promise<{ code: number | null }>((resolve) => child.once("exit", (code) => resolve({ code })));
  return { exit, output, started, port };
}

describe("a bench run stops what it started, however it ends", () => {
  it("when a step fails: the deferred stops run, every process it started is gone, the port is free", async () => {
    const { exit, output, started, port } = await run("fail");
    expect(exit.code, output).toBe(1);
    expect(output).toContain("a step of the run failed");
    expect(output).toContain("deferred stop ran");
    // The server, the process nobody registered and its own child.
    expect(started).toHaveLength(3);
    expect(started.filter(isRunning)).toEqual([]);
    expect(await portFree(port)).toBe(true);
  }, 60_000);

  it("when it is told to stop (SIGTERM) mid-step: the same, and it says so", async () => {
    const { exit, output, started, port } = await run("wait", (pid) => process.kill(pid, "SIGTERM"));
    expect(exit.code, output).toBe(143);
    expect(output).toContain("SIGTERM: stopping what the run started");
    expect(output).toContain("deferred stop ran");
    expect(started).toHaveLength(3);
    expect(started.filter(isRunning)).toEqual([]);
    expect(await portFree(port)).toBe(true);
  }, 60_000);
});

/**
 * A bench run in miniature, for test/unit/bench-run-with-cleanup.test.ts:
 * it starts a server on the port it is given (as the bench's app takes 3000)
 * with a deferred stop, and a process nobody registered that has a child of
 * its own (a server half started when a step failed), prints their ids, then
 * fails (`fail`) or waits for a signal (`wait`).
 * Usage: node --import tsx test/support/bench-cleanup-fixture.ts <port> fail|wait
 */
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { descendantsOf, runWithCleanup } from "@/bench/run-with-cleanup";

const [port, mode] = process.argv.slice(2);
const forever = "setInterval(() => undefined, 1000)";

async function listening(): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

runWithCleanup(async (cleanup) => {
  const server = spawn(
    process.execPath,
    ["-e", `require("node:http").createServer((q, s) => s.end()).listen(${port}, "127.0.0.1")`],
    { stdio: "ignore" },
  );
  cleanup.defer(() => {
    console.log("deferred stop ran");
    server.kill();
  });
  const unregistered = spawn(
    process.execPath,
    ["-e", `require("node:child_process").spawn(process.execPath, ["-e", "${forever}"]); ${forever}`],
    { stdio: "ignore" },
  );
  await listening();
  while (descendantsOf(unregistered.pid!).length < 1) await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(JSON.stringify({ started: [server.pid, unregistered.pid, ...descendantsOf(unregistered.pid!)] }));
  if (mode === "fail") throw new Error("a step of the run failed");
  await new Promise(() => undefined);
});

// `npm start`: the production server (`next start`), in one process or one per core.
//
// Node runs JavaScript on one thread, so one `next start` uses one core however many the machine has. On a shared
// PostgreSQL (DATABASE_URL) nothing that must be shared lives in a process's memory, so several processes can
// answer on one port: Node's cluster hands each new connection to the next process in turn. The embedded database
// (PGlite) belongs to one process, so without DATABASE_URL there is always one.
//
// WEB_CONCURRENCY sets the number of processes (the name Heroku and most Node hosts use); unset, it is the cores
// this process may use on PostgreSQL and 1 on PGlite. With one, Next.js runs in this very process.
// With several, this process only supervises: it forwards SIGTERM and SIGINT to the servers and exits once they
// have stopped (each drains itself: server/shutdown), replaces a server that dies, and answers the servers'
// requests for the metrics of all of them (server/observability/cluster-metrics.ts), since a scrape reaches
// only the one that takes its connection.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const nextArgs = ["start", ...process.argv.slice(2)];

/** Kept in step with server/observability/cluster-metrics.ts. */
const gatherRequest = "loyalty-platform:cluster-metrics-request";
const gatherAnswer = "loyalty-platform:cluster-metrics-answer";
const ownRequest = "loyalty-platform:process-metrics-request";
const ownAnswer = "loyalty-platform:process-metrics-answer";
/** A server that has not sent its metrics by then is left out of the scrape rather than holding it up. */
const ownTimeoutMs = 4_000;

/** A server that dies this often within a minute is not started again: something is wrong with all of them. */
const restartLimit = { deaths: 5, withinMs: 60_000 };

function serverCount() {
  const embedded = !process.env.DATABASE_URL;
  const asked = process.env.WEB_CONCURRENCY;
  if (asked === undefined || asked === "") return embedded ? 1 : os.availableParallelism();
  const count = Number(asked);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    fail(`WEB_CONCURRENCY must be a whole number from 1 to 64 (the server processes to run); it is "${asked}".`);
  }
  if (count > 1 && embedded) {
    fail(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database (PGlite) belongs to one process. " +
        "Set DATABASE_URL to a PostgreSQL database, or WEB_CONCURRENCY=1.",
    );
  }
  return count;
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** One JSON line, as the servers' own log (pino) writes them, so one log reader reads both. */
function log(level, msg, fields = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, component: "cluster", ...fields, msg })}\n`,
  );
}

async function runInThisProcess() {
  process.argv = [process.argv[0], nextBin, ...nextArgs];
  await import(pathToFileURL(nextBin).href);
}

function supervise(count) {
  cluster.setupPrimary({ exec: nextBin, args: nextArgs });
  const gathering = new Map();
  let nextGathering = 0;

  let stopping = false;
  let worst = 0;
  const deaths = [];

  const start = () => {
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (message?.type === gatherRequest) gatherFor(worker, message.id);
      else if (message?.type === ownAnswer) gathering.get(message.id)?.receive(worker, message);
    });
  };

  // One server's scrape: every server's own metrics, relayed back to it to add up.
  const gatherFor = (asker, askerId) => {
    const id = nextGathering++;
    const expected = new Set(Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected()));
    const metrics = [];
    const finish = () => {
      clearTimeout(timer);
      gathering.delete(id);
      if (asker.isConnected()) asker.send({ type: gatherAnswer, id: askerId, metrics });
    };
    const timer = setTimeout(finish, ownTimeoutMs);
    gathering.set(id, {
      receive: (worker, message) => {
        if (!expected.delete(worker)) return;
        if (message.own) metrics.push(message.own);
        else
          log("warn", "a server could not read its metrics", { workerPid: worker.process.pid, error: message.error });
        if (expected.size === 0) finish();
      },
    });
    for (const worker of expected) worker.send({ type: ownRequest, id });
  };

  const listening = new Set();
  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    log("info", "a server is listening", { workerPid: worker.process.pid });
  });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      // One stopped before it was listening had nothing to finish: Node's own SIGTERM ended it, cleanly.
      const cleanly = code === 0 || (signal === "SIGTERM" && !listening.has(worker.id));
      if (!cleanly) worst = 1;
      log(cleanly ? "info" : "warn", "a server has stopped", { workerPid: worker.process.pid, code, signal });
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log("info", "stopped: every server has", { exitCode: worst });
        process.exit(worst);
      }
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0] < now - restartLimit.withinMs) deaths.shift();
    if (deaths.length >= restartLimit.deaths) {
      log("error", "servers keep dying: stopping them all", { code, signal, deaths: deaths.length });
      worst = 1;
      stopAll("SIGTERM");
      return;
    }
    log("error", "a server died: starting another", { workerPid: worker.process.pid, code, signal });
    start();
  });

  const stopAll = (signal) => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(worst);
    for (const worker of running) worker?.process.kill(signal);
    // Each server stops within SHUTDOWN_GRACE_MS (server/shutdown); one still running well after is killed.
    const graceMs = Number(process.env.SHUTDOWN_GRACE_MS) || 20_000;
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    }, graceMs + 10_000).unref();
  };

  // A second signal while stopping changes nothing, as in each server (a shell's Ctrl-C reaches every process).
  const onSignal = (signal) => {
    if (stopping) return;
    log("info", "stopping the servers", { signal });
    stopAll("SIGTERM");
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);

  log("info", "starting the servers", { servers: count });
  for (let index = 0; index < count; index++) start();
}

const count = serverCount();
if (count === 1) await runInThisProcess();
else supervise(count);

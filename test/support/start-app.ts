import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import packageJson from "@/package.json";
import sandbox from "@/sandbox.json";
import { copyOfServerTemplate } from "./server-database-template";

export interface RunningApp {
  origin: string;
  port: number;
  /** The server's process id. */
  pid: number;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** An app this process started. */
export interface StartedApp extends RunningApp {
  /** Settles when the process has exited: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

const startScript = /^((?:[A-Z_]+=\S* )*)node ((?:--\S+ )*)/.exec(packageJson.scripts.start);

/**
 * The Node flags of `npm start` (e.g. a larger young generation, which spares
 * the server most of its garbage-collection pauses under load), so tests and
 * the benchmark run the server exactly as production does.
 */
export const productionNodeFlags: string[] = startScript?.[2]?.trim().split(" ").filter(Boolean) ?? [];

/**
 * The variables `npm start` sets (NEXT_MANUAL_SIG_HANDLE: the app's own
 * graceful stop on SIGTERM instead of Next.js's), likewise.
 */
export const productionEnvironment: Record<string, string> = Object.fromEntries(
  (startScript?.[1]?.trim().split(" ").filter(Boolean) ?? []).map((assignment) => {
    const [name = "", ...value] = assignment.split("=");
    return [name, value.join("=")];
  }),
);

/**
 * Starts the production build (`next start`) as its own process, the way a
 * partner reaches it: over HTTP. By default on an in-memory embedded
 * database; pass DATABASE_URL to share a PostgreSQL database between
 * instances. Resolves once the sandbox answers.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: {
    port?: number;
    /** Extra Node flags, e.g. `--cpu-prof` for profiling. */
    nodeArgs?: string[];
    /** What says the app is up (live mode has no sandbox key to list programmes with): the sandbox's programmes by default. */
    ready?: { path: string; status: number };
    /**
     * Runs the server detached, its output written to this file, so that it
     * outlives the test file that started it (the e2e files' shared portal).
     */
    logFile?: string;
  } = {},
): Promise<StartedApp> {
  const port = options.port ?? (await freePort());
  const origin = `http://localhost:${port}`;
  // Only the tail is kept: a long run (the benchmark) logs a line per request.
  let kept = "";
  const keep = (chunk: Buffer) => {
    kept = (kept + chunk.toString()).slice(-20_000);
  };
  const logFile = options.logFile;
  const output = logFile ? () => readFileSync(logFile, "utf8").slice(-20_000) : () => kept;
  const logDescriptor = logFile ? openSync(logFile, "a") : undefined;
  // A sandbox server on the default embedded database starts on a copy of the run's prepared one.
  const preparedCopy =
    env.DATABASE_URL || env.PGLITE_DATA_DIR || env.APP_MODE === "live" ? undefined : await copyOfServerTemplate();
  const child: ChildProcess = spawn(
    process.execPath,
    [...productionNodeFlags, ...(options.nodeArgs ?? []), path.join("scripts", "serve.mjs"), "--port", String(port)],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: "production",
        ...productionEnvironment,
        PGLITE_DATA_DIR: preparedCopy ?? "memory://",
        LOG_LEVEL: "warn",
        // One server process unless a test asks for more: a test that kills the server kills the server itself.
        WEB_CONCURRENCY: "1",
        APP_ORIGIN: origin,
        NEXTAUTH_URL: origin,
        ...env,
      },
      stdio: logDescriptor === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logDescriptor, logDescriptor],
      detached: logDescriptor !== undefined,
    },
  );
  if (logDescriptor !== undefined) {
    closeSync(logDescriptor);
    child.unref();
  }
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  // SIGTERM stops the app gracefully (server/shutdown): its requests answered, its database closed; one that has
  // not exited 15 s later is killed. A process already ended (by a code or a signal) has nothing left to stop.
  const stopped = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
    });
  const stop = async () => {
    await stopped();
    if (preparedCopy) rmSync(preparedCopy, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  const ready = options.ready ?? {
    path: `/api/v1/programmes?api_key=${sandbox.partners[0]!.apiKeys.staging}`,
    status: 200,
  };
  const probe = `${origin}${ready.path}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(probe);
      if (response.status === ready.status) return { origin, port, pid: child.pid!, output, exited, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the app did not answer within 90 s:\n${output()}`);
}

import { spawn } from "node:child_process";
import path from "node:path";
import { machineSharesBetween, readMachineCpu, type MachineShares } from "./machine-cpu";

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  /** Requests sent in the run, answered or still on their way when it ended. */
  sent?: number;
  p50: number;
  p99: number;
  /** Responses by status class. */
  statuses: Record<string, number>;
  errors: number;
  /** The machine's CPU over the run (the load worker's start included): how much of it the host took. */
  machine?: MachineShares;
}

export interface RequestVariant {
  method: "GET" | "POST";
  /** Path and query, appended to the origin. */
  path: string;
  headers: Record<string, string>;
  /** `[<id>]` in the body is replaced by a unique id per request. */
  body?: string;
}

export interface LoadOptions {
  label: string;
  origin: string;
  variants: RequestVariant[];
  connections: number;
  seconds: number;
}

/** Runs autocannon in its own process, so the load generator does not share the server's event loop. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const config = JSON.stringify({
    url: options.origin,
    connections: options.connections,
    seconds: options.seconds,
    variants: options.variants,
  });
  const machineBefore = readMachineCpu();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join("node_modules", "tsx", "dist", "cli.mjs"), "bench/load-worker.ts", config],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    let errorOutput = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (errorOutput += chunk.toString()));
    child.on("exit", (code) => {
      const machine = machineSharesBetween(machineBefore, readMachineCpu());
      if (code !== 0) return reject(new Error(`the load worker exited with ${code}: ${errorOutput}`));
      const report = JSON.parse(output) as {
        requests: { average: number; sent?: number };
        latency: { p50: number; p99: number };
        errors: number;
        "2xx": number;
        "4xx": number;
        "5xx": number;
      };
      resolve({
        label: options.label,
        requestsPerSecond: report.requests.average,
        sent: report.requests.sent,
        p50: report.latency.p50,
        p99: report.latency.p99,
        statuses: { "2xx": report["2xx"], "4xx": report["4xx"], "5xx": report["5xx"] },
        errors: report.errors,
        machine,
      });
    });
  });
}

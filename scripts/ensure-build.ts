import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const sources = [
  "app",
  "components",
  "lib",
  "messages",
  "server",
  "public",
  "next.config.mjs",
  "package-lock.json",
  "sandbox.json",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "instrumentation-client.ts",
  "proxy.ts",
  "postcss.config.mjs",
  "tsconfig.json",
];
const lockDir = path.join(".data", "build.lock");

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestModification(path.join(entry, child))),
    stats.mtimeMs,
  );
}

function isFresh(): boolean {
  const buildId = path.join(".next", "BUILD_ID");
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  return built >= Math.max(...sources.map(newestModification));
}

/** One build at a time: suites started together wait for the first one's build. */
function withBuildLock(task: () => void): void {
  mkdirSync(".data", { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock older than the longest build belongs to a process that died.
      if (existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > 10 * 60_000)
        rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited 10 minutes for ${lockDir}`);
      execFileSync("sleep", ["1"]);
    }
  }
  try {
    task();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Global setup of the suites that run the production build (http, e2e), of
 * the benchmark and of `npm run demo`: build when the build is missing or
 * older than the sources. CI builds first and this finds the build fresh.
 */
export default function ensureBuild(): void {
  if (isFresh()) return;
  withBuildLock(() => {
    if (isFresh()) return;
    console.log("Building the app (next build)...");
    execFileSync(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
  });
}

// `tsx scripts/ensure-build.ts` (npm run demo) runs it; importing it (vitest's global setup, the benchmark) does not.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) ensureBuild();

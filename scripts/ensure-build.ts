import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const sources = ["app", "components", "lib", "server", "public", "next.config.mjs", "package-lock.json", "sandbox.json", "instrumentation.ts"];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestModification(path.join(entry, child))), stats.mtimeMs);
}

/**
 * Vitest global setup of the HTTP suites: they run the production build, so
 * build it when it is missing or older than the sources. CI builds first and
 * this finds the build fresh.
 */
export default function ensureBuild(): void {
  const buildId = path.join(".next", "BUILD_ID");
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const changed = Math.max(...sources.map(newestModification));
  if (built >= changed) return;
  console.log("HTTP tests: building the app (next build)...");
  execFileSync(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Global setup of the end-to-end suite, and the bench's first step for the
 * member pages: both drive Debian's Chromium (browser downloads cannot work
 * here). On a fresh machine where we are root, install it with apt-get, so
 * the README's commands need nothing else.
 */
export default function ensureChromium(): void {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    throw new Error(
      `The browser runs (end-to-end tests, the bench's member pages) need Chromium at ${chromium}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log("Installing Debian's Chromium (apt-get) for the browser runs...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-dejavu-core"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

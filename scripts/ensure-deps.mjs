// Lets the README's two commands work on a fresh clone: installs the locked
// dependencies when node_modules is missing or older than the lock file.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale =
  !existsSync(marker) ||
  (existsSync("package-lock.json") && statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs);

if (stale) {
  console.log("Installing the locked dependencies (npm install)...");
  // Not `npm ci`: it refuses a lock without other platforms' optional binaries, which this
  // registry does not serve; `npm install` keeps to the lock all the same.
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}

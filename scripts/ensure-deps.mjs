// Lets the README's two commands work on a fresh clone: installs the locked
// dependencies when node_modules is missing or older than the lock file.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale =
  !existsSync(marker) ||
  (existsSync("package-lock.json") && statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs);

if (stale) {
  console.log("Installing the locked dependencies (npm ci)...");
  // `npm ci` installs exactly the committed lock and never rewrites it, so a fresh clone stays clean.
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
}

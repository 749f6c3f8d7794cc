import "server-only";
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/config/env";

let cached: string | undefined;

/**
 * The secret that encrypts the portal's session cookies and the stored
 * tokens. NEXTAUTH_SECRET when set; otherwise the sandbox generates 256
 * random bits once and keeps them in NEXTAUTH_SECRET_FILE (under .data/), so
 * no secret is a constant in the code and sessions survive a restart.
 */
export function authSecret(): string {
  if (cached) return cached;
  const config = env();
  if (config.NEXTAUTH_SECRET) return (cached = config.NEXTAUTH_SECRET);
  cached = readOrCreateSecretFile(path.resolve(/*turbopackIgnore: true*/ config.NEXTAUTH_SECRET_FILE));
  return cached;
}

function readOrCreateSecretFile(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  // Written to a private temporary file, then linked into place: link() fails
  // when the file exists, so two instances starting together agree on one
  // secret and neither ever reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} does not hold a usable secret (at least 32 characters)`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const value = readFileSync(file, "utf8").trim();
    return value.length >= 32 ? value : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

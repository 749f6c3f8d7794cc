import { createHash, randomBytes } from "node:crypto";

/** SHA-256 as lowercase hex: how api keys, codes and opaque tokens are stored. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** 256 random bits as 64 lowercase hex digits: authorisation codes and opaque tokens. */
export function randomHex256(): string {
  return randomBytes(32).toString("hex");
}

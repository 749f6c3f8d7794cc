import "server-only";
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), as the service hashes members' passwords.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 computations running at once in this process, as in the service
 * (server/loyalty/security/password-hash.ts, which the portal may not
 * import): each takes a core and 19 MiB, so a burst of staff sign-ins
 * cannot take every core from the other requests. One core is left free.
 */
export const maxConcurrentHashes = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` never drops below what is at work.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, options));
}

/** Constant-time comparison of a password with its stored hash; false for a malformed hash. */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return withHashSlot(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}

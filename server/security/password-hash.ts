import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 computations running at once in this process, whichever party asks
 * (the service's members and clients, the portal's staff). Each takes a core for
 * tens of milliseconds and 19 MiB; without a bound, a burst of logins or of
 * invented client credentials would take every core and starve the other
 * requests. One core is left for everything else (at least one runs).
 */
export const maxConcurrentHashes = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: Array<() => void> = [];
const counts = { hashes: 0, verifications: 0 };

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

export function hashSecret(secret: string): Promise<string> {
  return withHashSlot(() => {
    counts.hashes += 1;
    return hash(secret, options);
  });
}

/** Constant-time comparison of a secret with its stored hash; false for a malformed hash. */
export function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  return withHashSlot(async () => {
    counts.verifications += 1;
    try {
      return await verify(storedHash, secret);
    } catch {
      return false;
    }
  });
}

/**
 * How much argon2 work this process has done and how much waits, for tests
 * (e.g. that a burst of logins verified only the allowed number of passwords).
 */
export function passwordHashActivity(): { hashes: number; verifications: number; running: number; waiting: number } {
  return { ...counts, running, waiting: waiting.length };
}

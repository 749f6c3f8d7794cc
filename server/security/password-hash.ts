import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { env } from "@/server/config/env";
import { createHashQueue, type HashLane, type HashQueueLimits } from "./hash-queue";

export { PasswordHashBusy, type HashLane } from "./hash-queue";

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

/**
 * The queue's bounds, read from the environment when first needed: the
 * service's lane waits for PASSWORD_HASH_QUEUE_PER_CORE jobs per core, the
 * consoles' lane (developer and staff forms) for
 * PASSWORD_HASH_CONSOLE_QUEUE_PER_CORE, and the consoles' work holds at most
 * half the slots, so members always find one soon (docs/decisions.md,
 * "Password hashing under load").
 */
function configuredLimits(): HashQueueLimits {
  const config = env();
  const cores = availableParallelism();
  return {
    slots: maxConcurrentHashes,
    consoleSlots: Math.max(1, Math.floor(maxConcurrentHashes / 2)),
    waiting: {
      service: config.PASSWORD_HASH_QUEUE_PER_CORE * cores,
      console: config.PASSWORD_HASH_CONSOLE_QUEUE_PER_CORE * cores,
      internal: Number.POSITIVE_INFINITY,
    },
    maxWaitMs: config.PASSWORD_HASH_MAX_WAIT_MS,
    consoleMaxWaitMs: config.PASSWORD_HASH_CONSOLE_MAX_WAIT_MS,
  };
}

// One queue per process (Next.js may bundle this module once per route).
const queue = ((globalThis as { __passwordHashQueue?: ReturnType<typeof createHashQueue> }).__passwordHashQueue ??=
  createHashQueue(configuredLimits));

const counts = { hashes: 0, verifications: 0 };

/**
 * An argon2id hash of a secret. `lane`: whose work it is, which decides its
 * place in the queue (hash-queue.ts); refused with PasswordHashBusy when its
 * lane's waiting list is full or it waited too long.
 */
export function hashSecret(secret: string, lane: HashLane = "service"): Promise<string> {
  return queue.run(lane, () => {
    counts.hashes += 1;
    return hash(secret, options);
  });
}

/** Constant-time comparison of a secret with its stored hash; false for a malformed hash. */
export function verifySecret(storedHash: string, secret: string, lane: HashLane = "service"): Promise<boolean> {
  return queue.run(lane, async () => {
    counts.verifications += 1;
    try {
      return await verify(storedHash, secret);
    } catch {
      return false;
    }
  });
}

/**
 * How much argon2 work this process has done, how much waits and how much
 * was refused, for tests (e.g. that a burst of logins verified only the
 * allowed number of passwords).
 */
export function passwordHashActivity(): {
  hashes: number;
  verifications: number;
  running: number;
  waiting: number;
  refused: number;
} {
  return { ...counts, ...queue.activity() };
}

/**
 * Whose password work a job is, which decides its place in the queue:
 * - `service`: the loyalty service's members and clients (the login pages,
 *   the token services, registrations): first in line;
 * - `console`: the developer console's and the staff console's forms (their
 *   sign-ins, sign-ups and secret changes): served when no member waits, on
 *   at most half the slots, with a shorter waiting list;
 * - `internal`: seeding and the persona copies' shared hashes: never refused,
 *   served after the service's lane.
 */
export type HashLane = "service" | "console" | "internal";

export interface HashQueueLimits {
  /** Jobs running at once, all lanes together (at least 1). */
  slots: number;
  /** Of those, how many the console lane may hold (at least 1). */
  consoleSlots: number;
  /** Jobs that may wait in each lane; one more is refused at once. */
  waiting: Record<HashLane, number>;
  /** A job of the service lane that has waited this long is refused (the internal lane waits as long as it takes). */
  maxWaitMs: number;
  /** The same for the console lane, shorter: a flood of the public forms is answered busy first (maxWaitMs if unset). */
  consoleMaxWaitMs?: number;
}

/**
 * Refused password work: the lane's waiting list was full, or the job waited
 * longer than the queue allows. Each surface answers it in its own shape,
 * 503 with Retry-After (the login pages, the token services, the partner
 * operations) or a message on the form (the consoles).
 */
export class PasswordHashBusy extends Error {
  constructor(
    readonly reason: "queue-full" | "waited-too-long",
    readonly retryAfterSeconds: number,
  ) {
    super(`password hashing is busy (${reason}); retry after ${retryAfterSeconds} seconds`);
    this.name = "PasswordHashBusy";
  }
}

/** What the developer and staff consoles' forms say when their password work was refused. */
export function consoleBusyMessage(seconds: number): string {
  return `The console is answering many requests right now. Try again in ${seconds === 1 ? "a second" : `${seconds} seconds`}.`;
}

/** Whether an error (or one it wraps) is refused password work. */
export function passwordHashBusyIn(error: unknown): PasswordHashBusy | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1)
    if (current instanceof PasswordHashBusy) return current;
  return undefined;
}

interface Waiter {
  lane: HashLane;
  start: () => void;
  timer?: ReturnType<typeof setTimeout>;
}

const order: readonly HashLane[] = ["service", "internal", "console"];

/**
 * A bounded queue for CPU-heavy password work: at most `slots` jobs run at
 * once; the rest wait in their lane, in order, and a freed slot goes to the
 * service's lane first, then the internal one, then the consoles'. A job is
 * refused at once when its lane's waiting list is full, and refused when it
 * has waited `maxWaitMs`, so a flood is answered "busy" within a bounded time
 * instead of piling up behind the members. Per process by nature: it shares
 * out this process's cores (the limits that must hold across instances
 * count in the database).
 */
export function createHashQueue(limits: () => HashQueueLimits) {
  let running = 0;
  let consolesRunning = 0;
  let refused = 0;
  const waiting: Record<HashLane, Waiter[]> = { service: [], console: [], internal: [] };

  const maxWait = (current: HashQueueLimits, lane: HashLane) =>
    lane === "console" ? (current.consoleMaxWaitMs ?? current.maxWaitMs) : current.maxWaitMs;
  const retryAfter = (current: HashQueueLimits, lane: HashLane) =>
    Math.max(1, Math.ceil(maxWait(current, lane) / 1000));

  function take(lane: HashLane): void {
    running += 1;
    if (lane === "console") consolesRunning += 1;
  }

  /** The next waiter a freed slot goes to, removed from its lane; undefined when none may start. */
  function nextWaiter(current: HashQueueLimits): Waiter | undefined {
    for (const lane of order) {
      if (lane === "console" && consolesRunning >= current.consoleSlots) continue;
      const next = waiting[lane].shift();
      if (next) return next;
    }
    return undefined;
  }

  function release(lane: HashLane): void {
    running -= 1;
    if (lane === "console") consolesRunning -= 1;
    const current = limits();
    while (running < current.slots) {
      const next = nextWaiter(current);
      if (!next) break;
      if (next.timer) clearTimeout(next.timer);
      take(next.lane);
      next.start();
    }
  }

  function canStart(lane: HashLane, current: HashQueueLimits): boolean {
    if (running >= current.slots) return false;
    if (lane === "console") return consolesRunning < current.consoleSlots;
    return true;
  }

  async function slot(lane: HashLane): Promise<void> {
    const current = limits();
    if (canStart(lane, current)) return take(lane);
    if (waiting[lane].length >= current.waiting[lane]) {
      refused += 1;
      throw new PasswordHashBusy("queue-full", retryAfter(current, lane));
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { lane, start: resolve };
      if (lane !== "internal") {
        waiter.timer = setTimeout(
          () => {
            const index = waiting[lane].indexOf(waiter);
            if (index < 0) return;
            waiting[lane].splice(index, 1);
            refused += 1;
            reject(new PasswordHashBusy("waited-too-long", retryAfter(current, lane)));
          },
          maxWait(current, lane),
        );
        waiter.timer.unref?.();
      }
      waiting[lane].push(waiter);
    });
  }

  return {
    /** Runs `work` when a slot is free, in its lane's turn; rejects with PasswordHashBusy when refused. */
    async run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
      await slot(lane);
      try {
        return await work();
      } finally {
        release(lane);
      }
    },
    activity(): { running: number; waiting: number; refused: number } {
      const queued = waiting.service.length + waiting.console.length + waiting.internal.length;
      return { running, waiting: queued, refused };
    },
  };
}

import { readdirSync, readFileSync } from "node:fs";

/**
 * What a bench run started, stopped when the run ends however it ends: done,
 * failed, or told to stop (Ctrl-C, SIGTERM, a closed terminal). A run leaves
 * no server on port 3000 and no process behind, so the next `npm test` or
 * bench finds the machine as it was.
 */
export interface Cleanup {
  /** Runs `stop` at the end, the last deferred first (an app before the database it runs on). */
  defer(stop: () => unknown): void;
}

/** How long each stop, and then the processes left, get before they are killed. */
const stopGraceMs = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Linux's table of processes: each living one's parent (zombies, already ended, left out). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return parentOf;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so the fields are read after the last ")".
      const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z") parentOf.set(Number(entry), Number(parent));
    } catch {
      // ended while the table was read
    }
  }
  return parentOf;
}

/** Every living process `pid` started, and those they started, however deep (none where /proc is missing). */
export function descendantsOf(pid: number): number[] {
  const parentOf = parents();
  const found: number[] = [];
  let generation = [pid];
  while (generation.length > 0) {
    const next = [...parentOf].filter(([, parent]) => generation.includes(parent)).map(([child]) => child);
    found.push(...next);
    generation = next;
  }
  return found;
}

function signal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

/** Whether a process is there and running (a zombie has ended; only its parent has yet to collect it). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    // No /proc: the signal's answer is all there is.
    return true;
  }
}

/**
 * Asks every process this one started to stop, and kills those still there
 * after the grace. All of them are listed first and followed by id: a child
 * that ends leaves its own children to the system, out of this tree.
 */
export async function stopDescendants(graceMs = stopGraceMs): Promise<void> {
  const known = new Set(descendantsOf(process.pid));
  signal([...known], "SIGTERM");
  const deadline = Date.now() + graceMs;
  for (;;) {
    for (const pid of descendantsOf(process.pid)) known.add(pid);
    const running = [...known].filter(isRunning);
    if (running.length === 0) return;
    if (Date.now() >= deadline) return signal(running, "SIGKILL");
    await sleep(100);
  }
}

async function withinGrace(stop: () => unknown): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(stop),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`a stop took longer than ${stopGraceMs} ms`)), stopGraceMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const exitCodes: [NodeJS.Signals, number][] = [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
];

/**
 * Runs a bench script's `main`, then its deferred stops, then stops any
 * process it started that is still there (a server half started when the run
 * failed or was interrupted), and exits: 0 when `main` succeeded, 1 when it
 * failed, 128 + the signal's number when a signal stopped it.
 */
export function runWithCleanup(main: (cleanup: Cleanup) => Promise<void>): void {
  const stops: (() => unknown)[] = [];
  let finishing: Promise<void> | undefined;
  const finish = (code: number) =>
    (finishing ??= (async () => {
      for (const stop of stops.reverse()) {
        try {
          await withinGrace(stop);
        } catch (error) {
          console.error("Stopping what the run started:", error);
        }
      }
      await stopDescendants();
      process.exit(code);
    })());
  for (const [name, code] of exitCodes) {
    // A signal while stopping is ignored: a terminal's Ctrl-C reaches npm, tsx and this process alike, and every
    // stop has its grace, so the run ends by itself.
    process.on(name, () => {
      if (finishing) return;
      console.error(`${name}: stopping what the run started…`);
      void finish(code);
    });
  }
  main({ defer: (stop) => stops.push(stop) }).then(
    () => finish(0),
    (error: unknown) => {
      console.error(error);
      return finish(1);
    },
  );
}

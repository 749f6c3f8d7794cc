import path from "node:path";
import type { Worker as Thread } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";

/**
 * The embedded database on a thread of its own (pglite-worker.mjs), with
 * the part of PGlite's interface that drizzle's PGlite driver and
 * connect.ts use: queries, exec, transactions, LISTEN, close. PGlite runs
 * PostgreSQL as WebAssembly: in the server's own thread, every statement
 * held up every request, where PostgreSQL's own work runs in its own
 * processes (docs/decisions.md, "Embedded database thread"). Statements
 * still run one at a time, in the order sent, as in PGlite itself.
 */
export interface PgliteInWorker {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (transaction: WorkerTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

interface QueryOptions {
  rowMode?: "array" | "object";
  /** Only parsers that return the text as it is can cross to the worker: drizzle's are all such. */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

export interface WorkerTransaction {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Request =
  | { kind: "query"; sql: string; params?: unknown[]; rowMode?: string; identityTypes?: number[]; transaction?: number }
  | { kind: "exec"; sql: string; transaction?: number }
  | { kind: "begin" }
  | { kind: "commit" | "rollback"; transaction: number }
  | { kind: "listen"; channel: string }
  | { kind: "unlisten"; subscription: number }
  | { kind: "close" };

type Message =
  | { kind: "ready" }
  | { kind: "reply"; id: number; result?: unknown; error?: Record<string, unknown> & { message: string } }
  | { kind: "notification"; subscription: number; payload: string };

const workerFile = path.join(process.cwd(), "server", "db", "pglite-worker.mjs");

/**
 * Opens the embedded database in `dataDir` (a folder, or `memory://`) on its
 * own thread. The thread runs pglite-worker.mjs from disk, as Node loads it:
 * the bundler is kept from rewriting the call (it would compile the file into
 * every app that shares this code, the bench's minimal one included).
 */
export async function openPgliteInWorker(dataDir: string): Promise<PgliteInWorker> {
  const { Worker } = (await import(/* turbopackIgnore: true */ "node:worker_threads")) as {
    Worker: typeof Thread;
  };
  const worker = new Worker(workerFile, { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const notify = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let failure: Error | undefined;

  // The thread keeps the process alive only while it owes an answer, as a socket would.
  worker.unref();
  const call = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const settle = (id: number) => {
    const entry = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return entry;
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(failure);
  };

  await new Promise<void>((resolve, reject) => {
    worker.ref();
    const onExit = (code: number) => reject(new Error(`the embedded database's thread exited with ${code}`));
    worker.once("error", reject);
    worker.once("exit", onExit);
    worker.once("message", (message: Message) => {
      worker.off("error", reject);
      worker.off("exit", onExit);
      worker.unref();
      if (message.kind === "ready") resolve();
      else reject(new Error("the embedded database's thread did not start"));
    });
  });
  worker.on("message", (message: Message) => {
    if (message.kind === "notification") notify.get(message.subscription)?.(message.payload);
    if (message.kind !== "reply") return;
    const entry = settle(message.id);
    if (!entry) return;
    if (message.error) entry.reject(errorFrom(message.error));
    else entry.resolve(message.result);
  });
  worker.on("error", (error) => fail(error));
  worker.on("exit", (code) => fail(new Error(`the embedded database's thread exited with ${code}`)));

  const query = <Row>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    transaction?: number,
  ) =>
    call<Results<Row>>({
      kind: "query",
      sql,
      params,
      rowMode: options?.rowMode,
      identityTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      transaction,
    });
  const exec = (sql: string, transaction?: number) => call<Results[]>({ kind: "exec", sql, transaction });

  return {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => exec(sql),
    async transaction(callback) {
      const id = await call<number>({ kind: "begin" });
      let closed = false;
      const handle: WorkerTransaction = {
        query: (sql, params, options) => query(sql, params, options, id),
        exec: (sql) => exec(sql, id),
        rollback: async () => {
          throw new Error("rolled back");
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(handle);
        closed = true;
        await call({ kind: "commit", transaction: id });
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await call({ kind: "rollback", transaction: id }).catch(() => undefined);
        }
        throw error;
      }
    },
    async listen(channel, callback) {
      const subscription = await call<number>({ kind: "listen", channel });
      notify.set(subscription, callback);
      return async () => {
        notify.delete(subscription);
        await call({ kind: "unlisten", subscription });
      };
    },
    async close() {
      if (failure) return;
      await call({ kind: "close" });
      await worker.terminate();
    },
  };
}

/** The worker's error as an Error again, with the fields callers read (`code`, `constraint`, …). */
function errorFrom(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { logger } from "@/server/observability/logger";

/**
 * The request log is written in batches, off the response path: a request
 * adds its row to this instance's buffer, and every `flushIntervalMs` one
 * INSERT per database writes what gathered. So a request costs no statement
 * of its own; every instance writes its own rows into the shared table, and
 * nothing shared lives in memory beyond one interval's rows. A failed write
 * loses its rows (the log serves support, it is not a ledger), as does a
 * buffer that overflows while the database is unreachable.
 */
export const flushIntervalMs = 1_000;
/** Rows kept waiting at most: beyond that (a database down under load) new rows are dropped and counted. */
export const maxBufferedRows = 20_000;
/** Rows per INSERT statement (14 parameters each, far below PostgreSQL's 65,535). */
const rowsPerStatement = 1_000;

export interface RequestLogRow {
  partnerId: number;
  environment: "staging" | "live";
  requestId: string;
  operation: string;
  method: string;
  path: string;
  status: number;
  errorCode?: string;
  childErrorCode?: string;
  durationMs: number;
  requestedAt: Date;
  /** Staging keys only: the redacted bodies, as JSON text, and the forced scenario. */
  requestBody?: string;
  responseBody?: string;
  scenario?: string;
}

interface Batch {
  rows: { db: Database; row: RequestLogRow }[];
  written: Promise<void>;
  resolve: () => void;
}

interface BufferState {
  batch?: Batch;
  scheduled?: ReturnType<typeof setTimeout>;
  /** Rows refused by a full buffer since the last write. */
  dropped: number;
  /** Set once the server is stopping: every row is written at once. */
  immediate: boolean;
  writing: Set<Promise<void>>;
}

// On globalThis: Next.js may bundle this module once per route and once for
// instrumentation.ts, and all of them must share one buffer (a read of the log
// flushes the rows every operation buffered; shutdown flushes them all).
const state = ((globalThis as { __requestLogBuffer?: BufferState }).__requestLogBuffer ??= {
  dropped: 0,
  immediate: false,
  writing: new Set(),
});

function newBatch(): Batch {
  let resolve!: () => void;
  const written = new Promise<void>((done) => (resolve = done));
  return { rows: [], written, resolve };
}

/**
 * Adds one request to the buffer. Returns the promise of the batch's write
 * when this row started a new batch (else undefined), so the caller can ask
 * the server to wait for it before it exits (Next.js `after`); the promise
 * never rejects.
 */
export function bufferRequestLogRow(db: Database, row: RequestLogRow): Promise<void> | undefined {
  const started = state.batch === undefined;
  const batch = (state.batch ??= newBatch());
  if (batch.rows.length >= maxBufferedRows) {
    state.dropped += 1;
    return undefined;
  }
  batch.rows.push({ db, row });
  schedule();
  return started ? batch.written : undefined;
}

function schedule(): void {
  if (state.scheduled) return;
  state.scheduled = setTimeout(
    () => {
      state.scheduled = undefined;
      void flushRequestLog();
    },
    state.immediate ? 0 : flushIntervalMs,
  );
  // A pending write must not keep a script or a test process alive.
  state.scheduled.unref?.();
}

/** Writes what the buffer holds now and waits for every write under way; tests and reads await it. */
export async function flushRequestLog(): Promise<void> {
  if (state.scheduled) {
    clearTimeout(state.scheduled);
    state.scheduled = undefined;
  }
  const taken = state.batch;
  state.batch = undefined;
  if (taken && taken.rows.length > 0) {
    const write = writeBatch(taken).finally(() => {
      state.writing.delete(write);
      taken.resolve();
    });
    state.writing.add(write);
  } else {
    taken?.resolve();
  }
  await Promise.all([...state.writing]);
}

/** From now on each row is written at once: the server is stopping (SIGTERM, SIGINT). */
export function flushRequestLogOnShutdown(): Promise<void> {
  state.immediate = true;
  return flushRequestLog();
}

/**
 * Flushes when the server is told to stop. Next.js's own handler of these
 * signals closes the server (in-flight requests finish, pending `after` work
 * is awaited) before it exits; this one makes the last rows go at once.
 */
export function flushRequestLogOnSignals(): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void flushRequestLogOnShutdown());
}

async function writeBatch(taken: Batch): Promise<void> {
  const byDatabase = new Map<Database, RequestLogRow[]>();
  for (const { db, row } of taken.rows) {
    const rows = byDatabase.get(db);
    if (rows) rows.push(row);
    else byDatabase.set(db, [row]);
  }
  for (const [db, rows] of byDatabase) {
    for (let start = 0; start < rows.length; start += rowsPerStatement) {
      const chunk = rows.slice(start, start + rowsPerStatement);
      try {
        await insertRows(db, chunk);
      } catch (error) {
        logger.warn({ err: error, rows: chunk.length }, "request log rows could not be written");
      }
    }
  }
  if (state.dropped > 0) {
    logger.warn({ rows: state.dropped }, "request log rows dropped: the buffer was full");
    state.dropped = 0;
  }
}

function insertRows(db: Database, rows: RequestLogRow[]): Promise<unknown> {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.partnerId}, ${row.environment}, ${row.requestId}::uuid, ${row.operation}, ${row.method}, ${row.path}, ${row.status}, ${row.errorCode ?? null}, ${row.childErrorCode ?? null}, ${row.durationMs}, ${row.requestedAt.toISOString()}::timestamptz, ${row.requestBody ?? null}::jsonb, ${row.responseBody ?? null}::jsonb, ${row.scenario ?? null})`,
    ),
    sql`, `,
  );
  return db.execute(sql`
    INSERT INTO loyalty.request_log
      (partner_id, environment, request_id, operation, method, path, status, error_code, child_error_code, duration_ms, requested_at, request_body, response_body, scenario)
    VALUES ${values}
  `);
}

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
/** Rows per INSERT statement: one JSON parameter, about 0.7 kB a row with the bench's bodies (each capped by the body limit). */
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
  /** Staging keys only: the redacted bodies and the kept request headers, as JSON text, and the forced scenario. */
  requestBody?: string;
  responseBody?: string;
  scenario?: string;
  requestHeaders?: string;
  /** The kept answer headers (lib/developers/logged-request.ts), as JSON text. */
  responseHeaders?: string;
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

/**
 * Writes every row gathered and waits for the writes, and from now on each
 * row is written at once: the server is stopping (server/shutdown calls it
 * once the requests in flight are answered, before the database closes).
 */
export function flushRequestLogOnShutdown(): Promise<void> {
  state.immediate = true;
  return flushRequestLog();
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

/**
 * The rows travel as one JSON parameter that PostgreSQL unpacks: a VALUES
 * list of 14 placeholders per row took the event loop 20 to 70 ms to build
 * for one second's rows under load (every request waiting meanwhile), where
 * `JSON.stringify` takes 3 to 5 ms. The bodies are JSON text already and are
 * cast as before, so a body PostgreSQL refuses fails its statement as before.
 */
function insertRows(db: Database, rows: RequestLogRow[]): Promise<unknown> {
  const batch = JSON.stringify(
    rows.map((row) => ({
      partner_id: row.partnerId,
      environment: row.environment,
      request_id: row.requestId,
      operation: row.operation,
      method: row.method,
      path: row.path,
      status: row.status,
      error_code: row.errorCode ?? null,
      child_error_code: row.childErrorCode ?? null,
      duration_ms: row.durationMs,
      requested_at: row.requestedAt.toISOString(),
      request_body: row.requestBody ?? null,
      response_body: row.responseBody ?? null,
      scenario: row.scenario ?? null,
      request_headers: row.requestHeaders ?? null,
      response_headers: row.responseHeaders ?? null,
    })),
  );
  return db.execute(sql`
    INSERT INTO loyalty.request_log
      (partner_id, environment, request_id, operation, method, path, status, error_code, child_error_code, duration_ms, requested_at, request_body, response_body, scenario, request_headers,
      response_headers)
    SELECT r.partner_id, r.environment, r.request_id::uuid, r.operation, r.method, r.path, r.status, r.error_code,
      r.child_error_code, r.duration_ms, r.requested_at::timestamptz, r.request_body::jsonb, r.response_body::jsonb, r.scenario,
      r.request_headers::jsonb, r.response_headers::jsonb
    FROM jsonb_to_recordset(${batch}::jsonb) AS r(partner_id integer, environment text, request_id text, operation text,
      method text, path text, status smallint, error_code text, child_error_code text, duration_ms real,
      requested_at text, request_body text, response_body text, scenario text, request_headers text,
      response_headers text)
  `);
}

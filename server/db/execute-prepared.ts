import { createHash } from "node:crypto";
import { fillPlaceholders, is, type Query, type SQL } from "drizzle-orm";
import { PgliteSession } from "drizzle-orm/pglite";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./connect";
import { rowsOf } from "./rows";

const dialect = new PgDialect();
const statementNames = new Map<string, string>();
const maximumStatements = 200;

/** The same text always gets the same name, so each connection prepares it once. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= maximumStatements) statementNames.clear();
    name = `loyalty_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

// A statement built once and run many times (placeholders for its values) is turned into text once.
const compiled = new WeakMap<SQL, { query: Query; name: string }>();

function compile(statement: SQL): { query: Query; name: string } {
  const known = compiled.get(statement);
  if (known) return known;
  const query = dialect.sqlToQuery(statement);
  const entry = { query, name: statementName(query.sql) };
  compiled.set(statement, entry);
  return entry;
}

/**
 * Runs a raw statement as a named prepared statement: PostgreSQL parses and
 * plans it once per connection instead of on every call, which for the
 * ledger's statements costs several times their execution. Works on a
 * connection or inside a transaction, on PostgreSQL and on PGlite (which
 * ignores the name). Rows come back as `db.execute` gives them. A statement
 * kept and reused with `sql.placeholder` values (given in `values`) is
 * compiled to text once, not on every call.
 */
export async function executePrepared<Row = Record<string, unknown>>(
  db: Database,
  statement: SQL,
  values?: Record<string, unknown>,
): Promise<Row[]> {
  const { query, name } = values === undefined ? compileOnce(statement) : compile(statement);
  const embedded = embeddedClientOf(db);
  if (embedded) return executeOnEmbedded<Row>(db, embedded, query, name, values);
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return rowsOf<Row>(await prepared.execute(values));
}

/**
 * PGlite ignores a statement's protocol-level name and so parses and plans
 * it on every call, inside the app's own event loop. There the statement is
 * prepared with SQL's PREPARE, once per embedded database, and run by
 * EXECUTE: what a named statement does on PostgreSQL. EXECUTE takes no bound
 * parameters, so its arguments are quoted literals (standard-conforming
 * strings, checked when first preparing: a quote doubled is then the whole
 * escape), which the prepared statement types as its parameters. Only
 * outside a transaction: PREPARE is session state, and an embedded
 * transaction's handle is not the database's.
 */
interface EmbeddedClient {
  listen: unknown;
  transaction: unknown;
}
/**
 * Per embedded database: its statements prepared or being prepared, each a
 * promise so concurrent first calls wait for one PREPARE rather than each
 * sending their own (the second would fail: the name exists); null where
 * the database's strings are not standard-conforming.
 */
const preparedOnEmbedded = new WeakMap<EmbeddedClient, Promise<Map<string, Promise<void>> | null>>();

function embeddedClientOf(db: Database): EmbeddedClient | undefined {
  const client = (db._.session as unknown as { client?: Partial<EmbeddedClient> }).client;
  if (!client || !is(db._.session, PgliteSession)) return undefined;
  return typeof client.listen === "function" && typeof client.transaction === "function"
    ? (client as EmbeddedClient)
    : undefined;
}

/** A value as an SQL literal, or undefined for one that has no plain text form here (arrays, bytes, objects). */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return "NULL";
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

async function executeOnEmbedded<Row>(
  db: Database,
  client: EmbeddedClient,
  query: Query,
  name: string,
  values: Record<string, unknown> | undefined,
): Promise<Row[]> {
  let preparing = preparedOnEmbedded.get(client);
  if (!preparing) {
    preparing = standardConformingStrings(db).then((on) => (on ? new Map<string, Promise<void>>() : null));
    preparedOnEmbedded.set(client, preparing);
    // A failed check is asked again by the next call.
    preparing.catch(() => preparedOnEmbedded.delete(client));
  }
  const prepared = await preparing;
  const parameters = fillPlaceholders(query.params, values ?? {}).map(literal);
  // Without standard-conforming strings a backslash would escape too: keep to bound parameters then.
  if (!prepared || parameters.some((parameter) => parameter === undefined)) {
    return rowsOf<Row>(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
  }
  let preparation = prepared.get(name);
  if (!preparation) {
    preparation = db._.session
      .prepareQuery({ sql: `PREPARE ${name} AS ${query.sql}`, params: [] }, undefined, undefined, false)
      .execute()
      .then(() => undefined);
    prepared.set(name, preparation);
    // A PREPARE that failed left nothing behind: the next call prepares again.
    preparation.catch(() => prepared.delete(name));
  }
  await preparation;
  const execute = `EXECUTE ${name}${parameters.length > 0 ? `(${parameters.join(", ")})` : ""}`;
  return rowsOf<Row>(
    await db._.session.prepareQuery({ sql: execute, params: [] }, undefined, undefined, false).execute(),
  );
}

async function standardConformingStrings(db: Database): Promise<boolean> {
  const [setting] = rowsOf<{ standard_conforming_strings: string }>(
    await db._.session
      .prepareQuery({ sql: "SHOW standard_conforming_strings", params: [] }, undefined, undefined, false)
      .execute(),
  );
  return setting?.standard_conforming_strings === "on";
}

function compileOnce(statement: SQL): { query: Query; name: string } {
  const query = dialect.sqlToQuery(statement);
  return { query, name: statementName(query.sql) };
}

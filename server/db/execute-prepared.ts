import { createHash } from "node:crypto";
import type { Query, SQL } from "drizzle-orm";
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
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return rowsOf<Row>(await prepared.execute(values));
}

function compileOnce(statement: SQL): { query: Query; name: string } {
  const query = dialect.sqlToQuery(statement);
  return { query, name: statementName(query.sql) };
}

import { getTableColumns } from "drizzle-orm";
import { transactions, type Transaction } from "./ledger-tables";

const journalColumns = Object.entries(getTableColumns(transactions));

/**
 * A `RETURNING *` row of loyalty.transactions from raw SQL, typed like the
 * ORM's rows: each column is read by its Drizzle definition, the way the ORM
 * reads it (both drivers), so the mapping follows the schema by construction.
 */
export function journalRowFromSql(row: Record<string, unknown>): Transaction {
  const entry: Record<string, unknown> = {};
  for (const [property, column] of journalColumns) {
    const value = row[column.name];
    entry[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return entry as Transaction;
}

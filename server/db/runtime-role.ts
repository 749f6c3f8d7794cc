import "server-only";
import type { DatabaseHandle } from "./connect";

/**
 * The tables each party keeps append-only (a trigger refuses UPDATE, DELETE
 * and TRUNCATE): the runtime role is not even granted those privileges on
 * them, so the triggers are a second wall, not the only one.
 */
const appendOnlyTables: Record<string, readonly string[]> = {
  loyalty: ["transactions", "membership_changes"],
  portal: ["order_events", "staff_audit_events"],
  payments: ["card_tokens", "charges", "refunds", "authorisations", "captures", "voids"],
};

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Run by the owner (DATABASE_MIGRATION_URL) after a party's migrations: the
 * role the app runs as (the user of DATABASE_URL) may read and write rows of
 * the party's schema, and nothing more. It owns no table, so it cannot
 * ALTER one, disable a trigger, TRUNCATE or DROP; on the append-only tables
 * it may only SELECT and INSERT. Repeated at every start, so tables added by
 * a later migration are granted too.
 */
export async function grantRuntimeRole(owner: DatabaseHandle, schema: string, runtimeRole: string): Promise<void> {
  const role = quoteIdentifier(runtimeRole);
  const qualified = quoteIdentifier(schema);
  const statements = [
    `GRANT USAGE ON SCHEMA ${qualified} TO ${role}`,
    `REVOKE ALL ON ALL TABLES IN SCHEMA ${qualified} FROM ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${qualified} TO ${role}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${qualified} TO ${role}`,
    ...(appendOnlyTables[schema] ?? []).map(
      (table) => `REVOKE UPDATE, DELETE, TRUNCATE ON ${qualified}.${quoteIdentifier(table)} FROM ${role}`,
    ),
    // Readiness (/api/ready) reads which migrations are applied: the bookkeeping tables, read-only.
    `GRANT USAGE ON SCHEMA "drizzle" TO ${role}`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA "drizzle" TO ${role}`,
  ];
  await owner.exec(statements.join(";\n"));
}

/** The role the app connects as: the user of its DATABASE_URL. */
export function runtimeRoleOf(databaseUrl: string): string {
  const user = decodeURIComponent(new URL(databaseUrl).username);
  if (!user)
    throw new Error(
      "DATABASE_URL must name the runtime role (postgres://ROLE@host/db) when DATABASE_MIGRATION_URL is set",
    );
  return user;
}

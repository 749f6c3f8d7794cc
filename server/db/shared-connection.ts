import "server-only";
import { env } from "@/server/config/env";
import { connectDatabase, type DatabaseHandle } from "./connect";
import { grantRuntimeRole, runtimeRoleOf } from "./runtime-role";

/** Where migrations run when the app's own role may not run them: the owner's connection and the role to grant. */
interface Migrator {
  owner: Promise<DatabaseHandle>;
  runtimeRole: string;
}

interface ConnectionHolder {
  handle?: Promise<DatabaseHandle>;
  /** The configured connection's migrator, when DATABASE_MIGRATION_URL is set. */
  migrators?: WeakMap<DatabaseHandle, Migrator>;
  /** What each owner (service, portal, payments) has prepared on which handle: migrations and seeds run once. */
  prepared: WeakMap<DatabaseHandle, Map<string, Promise<void>>>;
}

// Kept on globalThis so that hot reload in development does not open the
// embedded database a second time in the same process, and so that the
// service, the portal and the payments sandbox share one embedded database:
// PGlite allows one instance per folder.
const holder = ((globalThis as { __sharedDatabase?: ConnectionHolder }).__sharedDatabase ??= {
  prepared: new WeakMap(),
});

async function openConfiguredConnection(): Promise<DatabaseHandle> {
  const config = env();
  const handle = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.PGLITE_DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  // Least privilege: the app's role reads and writes rows; the owner migrates, seeds and grants (README, "On PostgreSQL").
  if (config.DATABASE_URL && config.DATABASE_MIGRATION_URL) {
    (holder.migrators ??= new WeakMap()).set(handle, {
      owner: connectDatabase({ databaseUrl: config.DATABASE_MIGRATION_URL, poolSize: 2 }),
      runtimeRole: runtimeRoleOf(config.DATABASE_URL),
    });
  }
  return handle;
}

/** The process's connection (PGlite or a PostgreSQL pool), opened on first use; not migrated. */
export function getConnection(): Promise<DatabaseHandle> {
  if (!holder.handle) {
    const opening = openConfiguredConnection();
    holder.handle = opening;
    // A failed start must be retried by the next request, not cached forever.
    opening.catch(() => {
      if (holder.handle === opening) holder.handle = undefined;
    });
  }
  return holder.handle;
}

/** Points the process at a connection opened elsewhere (tests, scripts). */
export function installConnection(handle: DatabaseHandle): void {
  holder.handle = Promise.resolve(handle);
}

/**
 * Runs an owner's preparation (its migrations, its seed) once per handle,
 * under the startup lock that instances sharing the database respect.
 * A failed preparation is retried by the next caller.
 */
export function prepareOnce(
  handle: DatabaseHandle,
  owner: string,
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  let owners = holder.prepared.get(handle);
  if (!owners) holder.prepared.set(handle, (owners = new Map()));
  let preparing = owners.get(owner);
  if (!preparing) {
    const migrator = holder.migrators?.get(handle);
    preparing = migrator
      ? migrator.owner.then((ownerHandle) =>
          ownerHandle.withStartupLock(async () => {
            await prepare(ownerHandle);
            await grantRuntimeRole(ownerHandle, owner, migrator.runtimeRole);
          }),
        )
      : handle.withStartupLock(() => prepare(handle));
    owners.set(owner, preparing);
    const registry = owners;
    preparing.catch(() => registry.delete(owner));
  }
  return preparing;
}

/**
 * Closes the process's connection (the pool, its LISTEN connections, the
 * embedded database's thread) and the migrator's, once nothing uses them
 * any more: the process is stopping (server/shutdown). A connection never
 * opened is left alone.
 */
export async function closeConnection(): Promise<void> {
  const opening = holder.handle;
  holder.handle = undefined;
  const handle = await opening?.catch(() => undefined);
  if (!handle) return;
  const migrator = holder.migrators?.get(handle);
  await Promise.all([
    handle.close(),
    migrator?.owner.then(
      (owner) => owner.close(),
      () => undefined,
    ),
  ]);
}

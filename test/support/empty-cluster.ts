import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";

/**
 * An empty embedded database as initdb leaves it, made once per e2e run: each
 * server the run starts copies it (a fraction of a second) instead of running
 * initdb again (seconds of CPU per start). Every copy is still migrated and
 * seeded by the server itself at its start, as in production; only the
 * cluster's creation, identical each time, is done once.
 */
export async function makeEmptyCluster(directory: string): Promise<void> {
  rmSync(directory, { recursive: true, force: true });
  const cluster = await PGlite.create(directory);
  await cluster.close();
}

/** A fresh copy of the empty cluster under `copies`, for one server's PGLITE_DATA_DIR; `remove` deletes it once the server is gone. */
export function copyEmptyCluster(cluster: string, copies: string): { directory: string; remove: () => void } {
  const directory = path.join(copies, randomUUID());
  cpSync(cluster, directory, { recursive: true });
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

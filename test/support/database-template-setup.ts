import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { TestProject } from "vitest/node";
import { connectDatabase, type Database, type DatabaseHandle } from "@/server/db/connect";
import {
  assertNothingSecretShared,
  databaseUrl,
  prepareEveryParty,
  templateKey,
  uniqueDatabaseName,
  withAdminClient,
  type DatabaseTemplate,
} from "./database-template";

const templateDir = path.resolve(".data", "test-templates");
const dayMs = 24 * 60 * 60_000;

/**
 * Global setup of the database projects: migrates and seeds every party once
 * for the run, then hands the template to the test files (`inject`), each of
 * which copies it into a database of its own (see test-database.ts).
 */
export default async function setupDatabaseTemplate(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DATABASE_KIND === "postgres" ? "postgres" : "pglite";
  const key = templateKey();
  const started = Date.now();
  const { template, remove } = kind === "pglite" ? await pgliteTemplate(key) : await postgresTemplate(key);
  project.provide("databaseTemplate", template);
  if (process.env.TEST_TEMPLATE_VERBOSE) console.log(`${kind} template ${key} in ${Date.now() - started} ms`);
  return remove;
}

async function pgliteTemplate(key: string): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  mkdirSync(templateDir, { recursive: true });
  // Left by a run that was killed before its teardown.
  for (const entry of readdirSync(templateDir)) {
    const file = path.join(templateDir, entry);
    if (Date.now() - statSync(file).mtimeMs > dayMs) rmSync(file, { force: true });
  }

  const client = await PGlite.create();
  const handle: DatabaseHandle = {
    db: drizzle({ client }) as unknown as Database,
    kind: "pglite",
    exec: async (sql) => {
      await client.exec(sql);
    },
    withStartupLock: (task) => task(),
    close: () => client.close(),
  };
  let file: string;
  try {
    await prepareEveryParty(handle);
    await assertNothingSecretShared(handle);
    const dump = await client.dumpDataDir("none");
    file = path.join(templateDir, `pglite-${key}-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return {
    template: { kind: "pglite", key, file },
    remove: async () => rmSync(file, { force: true }),
  };
}

async function postgresTemplate(key: string): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
  const name = uniqueDatabaseName(`loyalty_template_${key}`);
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const drop = async () => {
    await withAdminClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  try {
    const handle = await connectDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 4 });
    try {
      await prepareEveryParty(handle);
      await assertNothingSecretShared(handle);
    } finally {
      await handle.close();
    }
    // Nobody connects to the template again: a connected session would make PostgreSQL refuse to copy it.
    await withAdminClient(serverUrl, (admin) => admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`));
  } catch (error) {
    await drop();
    throw error;
  }
  return { template: { kind: "postgres", key, name }, remove: drop };
}

import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { connectDatabase, pgliteHandle } from "@/server/db/connect";
import {
  assertNothingSecretShared,
  databaseUrl,
  hashSources,
  prepareEveryParty,
  recordTemplateFailure,
  uniqueDatabaseName,
  withAdminClient,
  type DatabaseTemplate,
} from "./database-template";
import { templateSources } from "./template-sources";

const templateDir = path.resolve(".data", "test-templates");
const dayMs = 24 * 60 * 60_000;

/**
 * Global setup of the database projects: migrates and seeds every party once
 * for the run, into a template each test file copies into a database of its
 * own (see test-database.ts). Not awaited here: global setups run one after
 * another before any test starts, so the files wait for the template
 * (`awaitTemplate`) while the other projects get going.
 */
export default async function setupDatabaseTemplate(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DATABASE_KIND === "postgres" ? "postgres" : "pglite";
  const sources = templateSources();
  const key = hashSources(sources);
  mkdirSync(templateDir, { recursive: true });
  // Left by a run that was killed before its teardown.
  for (const entry of readdirSync(templateDir)) {
    const file = path.join(templateDir, entry);
    if (Date.now() - statSync(file).mtimeMs > dayMs) rmSync(file, { force: true });
  }
  const failureFile = path.join(templateDir, `${kind}-${key}-${process.pid}.failed`);
  const started = Date.now();
  let template: DatabaseTemplate;
  let building: Promise<unknown>;
  let drop = async () => undefined as unknown;
  if (kind === "pglite") {
    const file = path.join(templateDir, `pglite-${key}-${process.pid}.tar`);
    const emptyFile = path.join(templateDir, `pglite-empty-${key}-${process.pid}.tar`);
    template = { kind, key, sources, file, emptyFile, failureFile };
    building = buildPgliteTemplate(file, emptyFile);
    drop = async () => {
      rmSync(file, { force: true });
      rmSync(emptyFile, { force: true });
    };
  } else {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    const name = uniqueDatabaseName(`loyalty_template_${key}`);
    template = { kind, key, sources, name, failureFile };
    building = buildPostgresTemplate(serverUrl, name);
    drop = () => withAdminClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
  building = building.then(
    () => {
      if (process.env.TEST_TEMPLATE_VERBOSE) console.log(`${kind} template ${key} in ${Date.now() - started} ms`);
    },
    (error: unknown) => recordTemplateFailure(failureFile, error),
  );
  project.provide("databaseTemplate", template);
  return async () => {
    await building;
    await drop();
    rmSync(failureFile, { force: true });
  };
}

/**
 * The template as a dumped PGlite data directory, written whole under its name
 * once complete, and beside it the same database before anything was
 * migrated (`emptyFile`), for the files that test a party's preparation on a
 * database of its own. Every test file loads all of its copy, so both hold
 * only what a copy needs: 1 MB WAL segments rather than 16, no template0 or
 * template1 (nothing creates a database on PGlite), and a checkpoint, so a
 * copy starts without replaying the migrations and the seed from the WAL.
 */
async function buildPgliteTemplate(file: string, emptyFile: string): Promise<void> {
  const client = await PGlite.create({ initDbStartParams: ["--wal-segsize=1"] });
  const handle = pgliteHandle(client);
  try {
    for (const database of ["template0", "template1"]) {
      await client.exec(`ALTER DATABASE ${database} IS_TEMPLATE false`);
      // A statement of its own: several in one call would make a transaction, which DROP DATABASE refuses.
      await client.exec(`DROP DATABASE ${database}`);
    }
    await dumpCheckpointed(client, emptyFile);
    await prepareEveryParty(handle);
    await assertNothingSecretShared(handle);
    await dumpCheckpointed(client, file);
  } finally {
    await client.close();
  }
}

async function dumpCheckpointed(client: PGlite, file: string): Promise<void> {
  await client.exec("CHECKPOINT");
  const dump = await client.dumpDataDir("none");
  writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.partial`, file);
}

/** The template as a PostgreSQL database; closed to connections once complete, which is what the files wait for. */
async function buildPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const handle = await connectDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 4 });
  try {
    await prepareEveryParty(handle);
    await assertNothingSecretShared(handle);
  } finally {
    await handle.close();
  }
  // Nobody connects to the template again: a connected session would make PostgreSQL refuse to copy it.
  await withAdminClient(serverUrl, (admin) => admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`));
}

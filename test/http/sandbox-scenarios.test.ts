import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { anchorOf, catalogueEntries, codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { errorDocOf } from "@/lib/docs/errors/error-docs";
import { scenarioCurl } from "@/lib/docs/errors/scenario-curl";
import { documentedOperations, servedPaths } from "@/lib/docs/operations";
import { connectDatabase } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import type { DocumentedOperation } from "@/lib/docs/operations/types";
import { memberTokenOverHttp } from "../support/member-login";
import { dataDirForServer } from "../support/server-database-template";
import { startApp, type RunningApp } from "../support/start-app";

const stagingKey = sandbox.partners[0]!.apiKeys.staging;
const liveKey = sandbox.partners[0]!.apiKeys.live!;
/** The app's embedded database lives here, so its data can be read once the app has stopped. */
let dataDir: string;

let app: RunningApp;
let seeded: DataState;
let memberToken: string;

beforeAll(async () => {
  // Seeded by a first start, where the requests this file sends are shown to move points when no
  // scenario is named; the data is read while no server holds the database, then served again.
  dataDir = await dataDirForServer("sandbox-scenarios-");
  const first = await startApp({ PGLITE_DATA_DIR: dataDir });
  app = first;
  memberToken = await memberTokenOverHttp(first.origin, "demo.member1", "read reverse_transaction");
  for (const id of ["creditCurrency", "debitCurrency"]) {
    const operation = documentedOperations.find((candidate) => candidate.id === id)!;
    const served = servedPaths(operation)[0]!;
    const control = await send(operation, served.version, fill(served.path), stagingKey);
    expect(control.status, `${id} without a scenario: ${await control.text()}`).toBe(operation.success.status);
  }
  await first.stop();
  seeded = await dataState();
  app = await startApp({ PGLITE_DATA_DIR: dataDir });
  memberToken = await memberTokenOverHttp(app.origin, "demo.member1", "read reverse_transaction");
}, 240_000);

afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type DataState = Awaited<ReturnType<typeof dataState>>;

/** Every balance, and the size of every table a partner operation writes (the request log aside). */
async function dataState() {
  const handle = await connectDatabase({ pgliteDataDir: dataDir });
  try {
    const balances = rowsOf<{ member: string; programme: string; balance: string }>(
      await handle.db
        .execute(`select m.membership_number as member, p.identifier as programme, a.balance::text as balance
                                 from loyalty.accounts a join loyalty.members m on m.id = a.member_id
                                 join loyalty.programmes p on p.id = a.programme_id order by 1, 2`),
    );
    const sizes: Record<string, number> = {};
    for (const table of [
      "loyalty.transactions",
      "loyalty.membership_changes",
      "loyalty.security_profiles",
      "loyalty.idempotency_keys",
      "loyalty.members",
      "loyalty.telecom_addresses",
    ]) {
      sizes[table] = rowsOf<{ n: number }>(await handle.db.execute(`select count(*)::int as n from ${table}`))[0]!.n;
    }
    return { balances, sizes };
  } finally {
    await handle.close();
  }
}

/** The page's text as a reader copies it (entities decoded, tags dropped). */
function pageText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

const pathValues: Record<string, string> = {
  "programme-identifier": "NORTHSTAR",
  "account-identifier": "3081000000000001",
  "membership-identifier": "3081000000000001",
};

const fill = (template: string) =>
  template.replace(/\{([a-z-]+)\}/g, (_match, name: string) => pathValues[name] ?? name);

/** Every (operation, catalogue entry) pair the catalogue documents, on every path the operation is served on. */
const cases = documentedOperations.flatMap((operation) =>
  catalogueEntries
    .filter((entry) => {
      const scope = errorDocOf(entry.name, entry.message).scope;
      return scope === "every" || (Array.isArray(scope) && scope.includes(operation.id));
    })
    .flatMap((entry) =>
      servedPaths(operation).map((served) => ({ operation, entry, version: served.version, path: fill(served.path) })),
    ),
);

let unique = 0;
/** The operation's documented example body, with external transaction identifiers of its own (a repeat would be refused anyway). */
function exampleBody(operation: DocumentedOperation, version: string): string {
  const examples = operation.body?.(version).examples;
  const value = examples ? Object.values(examples)[0]?.value : undefined;
  if (value === undefined) return "{}";
  return JSON.stringify(value, (key, field: unknown) =>
    key === "externalTransactionIdentifier" ? `SCN-${process.pid}-${++unique}` : field,
  );
}

/**
 * A request as a partner makes it: the member's token where the operation
 * takes one, the headers it requires, the documented example body. The
 * credit and debit are shown to succeed without a scenario (beforeAll), so
 * a forced answer that let them through would move points.
 */
function send(operation: DocumentedOperation, version: string, pathname: string, apiKey: string, scenario?: string) {
  const method = operation.method.toUpperCase();
  const headers: Record<string, string> = {};
  if (scenario !== undefined) headers["X-Sandbox-Scenario"] = scenario;
  if (operation.token === "member") headers.Authorization = `Bearer ${memberToken}`;
  for (const header of operation.headers)
    if (header.name.startsWith("svc_client_application")) headers[header.name] = sandbox.svcClientApplicationName;
  if (method !== "GET") headers["Content-Type"] = "application/json";
  return fetch(`${app.origin}${pathname}?api_key=${apiKey}`, {
    method,
    headers,
    body: method === "GET" ? undefined : exampleBody(operation, version),
  });
}

/** The same request without token or body: what a live key must answer alike with or without the header. */
function sendBare(method: string, pathname: string, apiKey: string, scenario?: string) {
  return fetch(`${app.origin}${pathname}?api_key=${apiKey}`, {
    method,
    headers: {
      ...(scenario === undefined ? {} : { "X-Sandbox-Scenario": scenario }),
      ...(method === "GET" ? {} : { "Content-Type": "application/json" }),
    },
    body: method === "GET" ? undefined : "{}",
  });
}

describe("X-Sandbox-Scenario over HTTP: every (operation, error) pair of the catalogue, on every served path", () => {
  it("has a case for every operation and every entry an operation can answer", () => {
    expect(new Set(cases.map((c) => c.operation.id)).size).toBe(documentedOperations.length);
    const answerable = catalogueEntries.filter(
      (entry) => errorDocOf(entry.name, entry.message).scope !== "unknown-path",
    );
    for (const entry of answerable)
      expect(
        cases.some((c) => c.entry.name === entry.name),
        entry.name,
      ).toBe(true);
  });

  it.each(cases.map((c) => [c.operation.method.toUpperCase(), c.path, c.entry.name, c] as const))(
    "staging key: %s %s answers %s exactly as catalogued",
    async (_method, pathname, name, { operation, entry, version }) => {
      const answer = await send(operation, version, pathname, stagingKey, name);
      const text = await answer.text();
      expect(answer.status, text).toBe(entry.status);
      expect(answer.headers.get("sandbox-scenario")).toBe(name);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      const json = JSON.parse(text) as Record<string, unknown>;
      const wrapped = entry.gateway || operation.errorShape === "wrapped";
      expect(Object.keys(json), text).toEqual(
        wrapped ? ["error"] : expect.arrayContaining(["code", "businessMessage", "developerLink"]),
      );
      const body = (wrapped ? json.error : json) as Record<string, unknown>;
      expect(body.code).toBe(entry.code);
      expect(body.businessMessage).toBe(entry.message);
      expect(body.developerLink).toBe(`${app.origin}/docs/api/errors#${anchorOf(entry.code)}`);
      const children = body.childError as { code: string; developerLink: string }[] | undefined;
      if (entry.childCode) {
        expect(children?.map((child) => child.code)).toEqual([entry.childCode]);
        expect(children?.[0]?.developerLink).toBe(`${app.origin}/docs/api/errors#${anchorOf(entry.childCode)}`);
      } else {
        expect(children).toBeUndefined();
      }
    },
  );

  it("live key: every pair answers exactly as without the header", async () => {
    const strip = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID");
    for (const { operation, entry, path: pathname } of cases) {
      const method = operation.method.toUpperCase();
      const plain = await sendBare(method, pathname, liveKey);
      const forced = await sendBare(method, pathname, liveKey, entry.name);
      const label = `${method} ${pathname} ${entry.name}`;
      expect([forced.status, label]).toEqual([plain.status, label]);
      expect(forced.headers.get("sandbox-scenario"), label).toBeNull();
      expect(strip(await forced.text()), label).toBe(strip(await plain.text()));
    }
  }, 300_000);
});

describe("the error catalogue's X-Sandbox-Scenario curls, run as written against the running app", () => {
  it("shows one per entry an operation can answer, and each answers exactly its entry", async () => {
    // The catalogue loads one code per page: read them all.
    const pages = await Promise.all(
      documentedCodes.map(async (code) => (await fetch(`${app.origin}${codePagePath(code.code)}`)).text()),
    );
    const page = pageText(pages.join("\n"));
    const forced = catalogueEntries.flatMap((entry) => {
      const command = scenarioCurl(app.origin, entry);
      return command ? [{ entry, command }] : [];
    });
    expect(forced.length).toBe(catalogueEntries.length - 1); // RESOURCE_NOT_FOUND answers no operation
    for (const { entry, command } of forced) {
      expect(page, entry.name).toContain(command);
      const output = execFileSync("bash", ["-c", command.replace(/^curl -i /, "curl -sS -i ")], { encoding: "utf8" });
      const [head = "", body = ""] = output.split(/\r?\n\r?\n/);
      expect(head.split(" ")[1], entry.name).toBe(String(entry.status));
      expect(head.toLowerCase(), entry.name).toContain(`sandbox-scenario: ${entry.name.toLowerCase()}`);
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const error = ("error" in parsed ? parsed.error : parsed) as { code: string; developerLink: string };
      expect(error.code, entry.name).toBe(entry.code);
      expect(error.developerLink).toBe(`${app.origin}/docs/api/errors#${anchorOf(entry.code)}`);
    }
  });
});

describe("after every forced answer, staging and live", () => {
  it("no balance moved and no journal entry, profile change or idempotency key was written", async () => {
    await app.stop();
    const after = await dataState();
    expect(after.balances.length).toBeGreaterThan(0);
    expect(after).toEqual(seeded);
  });
});

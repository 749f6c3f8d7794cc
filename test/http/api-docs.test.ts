import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseErrorBody, wrappedErrorBodySchema, errorBodySchema } from "@/lib/contract/error-body";
import { grantTokenResponseSchema } from "@/lib/contract/token-services";
import { debitResponseSchema } from "@/lib/contract/debit-currency";
import { reverseResponseSchema } from "@/lib/contract/reverse-transaction";
import { programmeListResponseSchema } from "@/lib/contract/retrieve-programme";
import { catalogueEntry, codePagePath, documentedCodes, type ErrorName } from "@/lib/docs/errors/catalogue";
import { errorRecipes, type ErrorRecipe } from "@/lib/docs/errors/error-recipes";
import { recipeShape } from "@/lib/docs/errors/entry-view";
import { requestHeaders, requestUrl } from "@/lib/docs/curl";
import { sandboxApiKey } from "@/lib/docs/sandbox-values";
import { quickstartSteps } from "@/lib/docs/guides/quickstart-steps";
import { errorCatalogue } from "@/lib/contract/error-catalogue";
import { eventTypes } from "@/lib/contract/webhook-events";
import { developerLinkFor } from "@/server/loyalty/http/render-error";
import { operationView } from "@/lib/docs/reference/operation-view";
import { referenceIndex, type OpenApi } from "@/lib/docs/reference/reference-index";
import { eventPagePath, operationPagePath } from "@/lib/docs/reference/reference-paths";
import { memberTokenOverHttp } from "../support/member-login";
import { sharedApp } from "../support/shared-app";
import type { RunningApp } from "../support/start-app";

let app: RunningApp;

beforeAll(async () => {
  app = await sharedApp();
});

afterAll(async () => {
  await app?.stop();
});

describe("the service description over HTTP", () => {
  it("serves the OpenAPI document at /api/openapi.json without an api_key, describing this origin", async () => {
    const answer = await fetch(`${app.origin}/api/openapi.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    const document = (await answer.json()) as { openapi: string; servers: { url: string }[]; paths: object };
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers[0]?.url).toBe(app.origin);
    expect(Object.keys(document.paths)).toContain("/api/v1/programmes");
  });

  it("offers the Postman collection for download from /docs", async () => {
    const answer = await fetch(`${app.origin}/docs/postman-collection.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.postman_collection\.json"$/);
    const collection = (await answer.json()) as {
      info: { schema: string };
      variable: { key: string; value: string }[];
    };
    expect(collection.info.schema).toContain("/v2.1.0/");
    expect(collection.variable.find((variable) => variable.key === "baseUrl")?.value).toBe(app.origin);
  });
});

/** Text as React writes it into HTML. */
function html(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("'", "&#x27;");
}

describe("the API reference over HTTP", () => {
  it("has a server-rendered page for every operation and event of the document /api/openapi.json serves, each linked from /docs", async () => {
    const document = (await (await fetch(`${app.origin}/api/openapi.json`)).json()) as OpenApi;
    const index = referenceIndex(document);
    const home = await (await fetch(`${app.origin}/docs`)).text();
    expect(index.operations.length).toBeGreaterThanOrEqual(17);
    // The served document lists every event of the catalogue, each once.
    expect(index.events.map((event) => event.name).sort()).toEqual([...eventTypes].sort());
    const problems: string[] = [];
    for (const operation of index.operations) {
      const path = operationPagePath(operation.slug);
      if (!home.includes(`href="${path}"`)) problems.push(`${path}: no link from /docs`);
      const answer = await fetch(`${app.origin}${path}`);
      // A path may wrap after its slashes (<wbr/>).
      const page = (await answer.text()).replaceAll("<wbr/>", "");
      if (answer.status !== 200) problems.push(`${path}: ${answer.status}`);
      for (const text of [
        operation.method.toUpperCase(),
        operation.path,
        ...operation.alsoServedOn,
        operation.operation.summary!,
      ])
        if (!page.includes(html(text))) problems.push(`${path}: no ${text}`);
      // Its responses, each under its status.
      for (const status of Object.keys(operation.operation.responses ?? {}))
        if (!page.includes(`id="response-${status}"`)) problems.push(`${path}: no response ${status}`);
    }
    for (const event of index.events) {
      const path = eventPagePath(event.slug);
      if (!home.includes(`href="${path}"`)) problems.push(`${path}: no link from /docs`);
      const page = await (await fetch(`${app.origin}${path}`)).text();
      if (!page.includes(`<h1`) || !page.includes(html(event.name))) problems.push(`${path}: no ${event.name}`);
    }
    expect(problems).toEqual([]);
  });

  it("answers 404 for an operation or an event the document does not have", async () => {
    expect((await fetch(`${app.origin}/docs/reference/no-such-operation`)).status).toBe(404);
    expect((await fetch(`${app.origin}/docs/reference/events/no-such-event`)).status).toBe(404);
  });

  it("writes P5's curl sample for this origin with the sandbox key, and links each code it answers to the error catalogue", async () => {
    const document = (await (await fetch(`${app.origin}/api/openapi.json`)).json()) as OpenApi;
    const debit = referenceIndex(document).operations.find((operation) => operation.slug === "debit-currency")!;
    const page = await (await fetch(`${app.origin}${operationPagePath(debit.slug)}`)).text();
    expect(page).toContain(
      `curl -i -X POST ${html(`'${app.origin}/api/v1/programmes/NORTHSTAR/accounts/3081000000000001/debit-transaction-requests?api_key=${sandboxApiKey}'`)}`,
    );
    const codes = new Set(operationView(document, debit).errorCases.flatMap((item) => item.codes));
    expect(codes.size).toBeGreaterThan(10);
    for (const code of codes) expect(page, code).toContain(`href="${codePagePath(code)}"`);
  });

  it("serves the reference under the nonce policy, loading nothing from elsewhere", async () => {
    for (const path of ["/docs", operationPagePath("retrieve-programme-list")]) {
      const answer = await fetch(`${app.origin}${path}`);
      const policy = answer.headers.get("content-security-policy") ?? "";
      expect(policy, path).toMatch(/style-src 'self' 'nonce-[^']+'(;|$)/);
      expect(policy, path).not.toContain("unsafe-inline");
      const page = await answer.text();
      const loaded = [...page.matchAll(/<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map(
        (match) => match[1]!,
      );
      expect(loaded.length).toBeGreaterThan(3);
      expect(
        loaded.filter((url) => !url.startsWith("/")),
        path,
      ).toEqual([]);
    }
  });
});

describe("the error catalogue page", () => {
  it("has the anchor of every developerLink the service can produce, each leading to its code's own page", async () => {
    const answer = await fetch(`${app.origin}/docs/api/errors`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const codes = new Set(
      Object.values(errorCatalogue).flatMap((entry) =>
        "childCode" in entry && entry.childCode ? [entry.code, entry.childCode] : [entry.code],
      ),
    );
    const missing: string[] = [];
    // Every link leads to the index fetched above (a fragment is never sent): its pages are fetched a few at a time.
    const links = [...codes].map((code) => ({ code, link: new URL(developerLinkFor(app.origin, code)) }));
    for (let start = 0; start < links.length; start += 4) {
      await Promise.all(
        links.slice(start, start + 4).map(async ({ code, link }) => {
          expect(link.origin + link.pathname).toBe(`${app.origin}/docs/api/errors`);
          if (!html.includes(`id="${link.hash.slice(1)}"`)) missing.push(code);
          // The index maps the fragment to the code's page (forwarded in the browser), which has the code in full.
          if (!html.includes(`href="${codePagePath(code)}"`)) missing.push(`${code} (no link to its page)`);
          const codePage = await fetch(`${app.origin}${codePagePath(code)}`);
          expect(codePage.status, code).toBe(200);
          expect(await codePage.text()).toContain(`id="${link.hash.slice(1)}"`);
        }),
      );
    }
    expect(codes.size).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it("answers 404 for a code it does not document", async () => {
    expect((await fetch(`${app.origin}/docs/api/errors/no-such-code`)).status).toBe(404);
  });

  it("is written for this origin: its curl commands call the sandbox it is served by", async () => {
    const pages = await Promise.all(
      documentedCodes.map(async (code) => (await fetch(`${app.origin}${codePagePath(code.code)}`)).text()),
    );
    const html = pages.join("\n");
    expect(html).toContain(`${app.origin}/api/v1/programmes/N0RTHSTAR?api_key=`);
  });
});

describe("each error recipe, followed over HTTP", () => {
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (username: string, scope = "read") => {
    const key = `${username} ${scope}`;
    if (!tokens.has(key)) tokens.set(key, memberTokenOverHttp(app.origin, username, scope));
    return tokens.get(key)!;
  };
  const recipes = Object.entries(errorRecipes).filter(
    (entry): entry is [ErrorName, ErrorRecipe & { kind: "recipe" }] => entry[1]?.kind === "recipe",
  );

  it.each(recipes)("gets %s", async (name, recipe) => {
    const entry = catalogueEntry(name);
    const request = recipe.request;
    const token = request.memberToken
      ? await tokenFor(request.memberToken.username, request.memberToken.scope)
      : undefined;
    const answer = await fetch(requestUrl(app.origin, request), {
      method: request.method,
      headers: requestHeaders(request, token),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const body: unknown = await answer.json();
    expect(answer.status, JSON.stringify(body)).toBe(entry.status);
    const shape = entry.gateway ? "wrapped" : recipeShape(recipe);
    const error = shape === "wrapped" ? wrappedErrorBodySchema.parse(body).error : errorBodySchema.strict().parse(body);
    expect(parseErrorBody(body)?.code).toBe(entry.code);
    expect(error.code).toBe(entry.code);
    if (entry.childCode) expect(error.childError?.map((child) => child.code)).toContain(entry.childCode);
    expect(error.developerLink).toBe(developerLinkFor(app.origin, entry.code));
  });
});

describe("the quickstart", () => {
  it("runs as written: first call, login with PKCE, token, balance, a debit and its reversal", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "quickstart-"));
    try {
      const script = [
        "set -euo pipefail",
        ...quickstartSteps(app.origin).map((step) => `echo "### ${step.id}"\n${step.command}`),
      ].join("\n");
      const output = execFileSync("bash", ["-c", script], { cwd: folder, encoding: "utf8", timeout: 60_000 });
      const sections = Object.fromEntries(
        output
          .split("### ")
          .filter(Boolean)
          .map((part) => [part.slice(0, part.indexOf("\n")), part.slice(part.indexOf("\n") + 1).trim()]),
      );
      expect(programmeListResponseSchema.parse(JSON.parse(sections["first-call"]!)).size).toBe(6);
      expect(sections.login).toMatch(/^code: [0-9a-f]{64}$/);
      expect(grantTokenResponseSchema.parse(JSON.parse(sections.token!)).token_type).toBe("bearer");
      expect(JSON.parse(sections.balance!)).toEqual({
        balance: { amount: 250000, currency: { currencyCode: "POINTS" } },
      });
      const debit = debitResponseSchema.parse(JSON.parse(sections.debit!));
      const reversal = reverseResponseSchema.parse(JSON.parse(sections.reversal!));
      expect(reversal.reversalTransaction.reversedTransaction.identifier).toBe(debit.debitTransaction.identifier);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

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
import { quickstartSteps } from "@/lib/docs/guides/quickstart-steps";
import { errorCatalogue } from "@/lib/contract/error-catalogue";
import { developerLinkFor } from "@/server/loyalty/http/render-error";
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
    for (const code of codes) {
      const link = new URL(developerLinkFor(app.origin, code));
      expect(link.pathname).toBe("/docs/api/errors");
      const page = await fetch(link);
      expect(page.status).toBe(200);
      if (!html.includes(`id="${link.hash.slice(1)}"`)) missing.push(code);
      // The index maps the fragment to the code's page (forwarded in the browser), which has the code in full.
      if (!html.includes(`href="${codePagePath(code)}"`)) missing.push(`${code} (no link to its page)`);
      const codePage = await fetch(`${app.origin}${codePagePath(code)}`);
      expect(codePage.status, code).toBe(200);
      expect(await codePage.text()).toContain(`id="${link.hash.slice(1)}"`);
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

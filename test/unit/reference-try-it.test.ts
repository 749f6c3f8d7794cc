import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/docs/openapi/build-document";
import { operationView } from "@/lib/docs/reference/operation-view";
import { referenceIndex, type OpenApi } from "@/lib/docs/reference/reference-index";
import { buildTryItRequest, tryItSpec, type TryItInput } from "@/lib/docs/reference/try-it";

const document = buildOpenApiDocument("http://localhost:3000") as OpenApi;
const index = referenceIndex(document);
const credentials = { api_key: "SBX0DEMO0PARTNER00000001", clientBasic: "DEMO-10001:sandbox-client-secret" };
const specOf = (slug: string) =>
  tryItSpec(
    operationView(
      document,
      index.operations.find((operation) => operation.slug === slug)!,
    ),
    credentials,
  );
const untouched = (spec: ReturnType<typeof specOf>): TryItInput => ({
  path: spec.paths[0]!,
  fields: {},
  credentials: {},
  body: "",
});

describe("the try-it form", () => {
  it("starts P1 with the sandbox key filled in, and sends it as the only query parameter", () => {
    const spec = specOf("retrieve-programme-list");
    expect(spec.paths).toEqual(["/api/v1/programmes", "/api/test/v1/programmes"]);
    expect(spec.credentials).toEqual([
      { kind: "apiKey", key: "api_key", in: "query", name: "api_key", value: credentials.api_key, required: true },
    ]);
    // Optional parameters start empty (their example is shown beside them), so nothing filters the list.
    expect(spec.fields.every((field) => field.value === "")).toBe(true);
    expect(buildTryItRequest(spec, untouched(spec))).toEqual({
      ok: true,
      request: { url: `/api/v1/programmes?api_key=${credentials.api_key}`, method: "GET", headers: [] },
    });
  });

  it("sends what was typed: another path, query values encoded, chosen headers, an empty key left out", () => {
    const spec = specOf("retrieve-programme-list");
    const built = buildTryItRequest(spec, {
      path: "/api/test/v1/programmes",
      fields: { "query-location-identifier": " es&x=1 ", "header-X-Sandbox-Scenario": "DATA_INVALID" },
      credentials: { api_key: { value: "" } },
      body: "",
    });
    expect(built).toEqual({
      ok: true,
      request: {
        url: "/api/test/v1/programmes?location-identifier=es%26x%3D1",
        method: "GET",
        headers: [["X-Sandbox-Scenario", "DATA_INVALID"]],
      },
    });
  });

  it("fills P5's path from its examples, sends the member's token as a bearer and the JSON body as typed", () => {
    const spec = specOf("debit-currency");
    expect(spec.fields.find((field) => field.name === "svc_client_application_name")?.value).toBe("PARTNERPORTAL");
    const built = buildTryItRequest(spec, {
      ...untouched(spec),
      fields: { "path-account-identifier": "3081 0000/1" },
      credentials: { memberToken: { value: "eyJ.token" } },
      body: '{"debitTransaction": {}}',
    });
    expect(built.ok && built.request).toEqual({
      url: `/api/v1/programmes/NORTHSTAR/accounts/3081%200000%2F1/debit-transaction-requests?api_key=${credentials.api_key}`,
      method: "POST",
      headers: [
        ["Authorization", "Bearer eyJ.token"],
        ["svc_client_application_name", "PARTNERPORTAL"],
        ["Content-Type", "application/json"],
      ],
      body: '{"debitTransaction": {}}',
    });
  });

  it("refuses to send without a path parameter, naming it", () => {
    const spec = specOf("retrieve-programme");
    const built = buildTryItRequest(spec, { ...untouched(spec), fields: { "path-programme-identifier": "  " } });
    expect(built.ok).toBe(false);
    expect(!built.ok && built.missing.map((field) => field.name)).toEqual(["programme-identifier"]);
  });

  it("authenticates the grant service with Basic credentials (UTF-8) and sends its form body", () => {
    const spec = specOf("grant");
    expect(spec.credentials).toEqual([
      { kind: "basic", key: "clientBasic", required: true, username: "DEMO-10001", password: "sandbox-client-secret" },
    ]);
    expect(spec.body?.mediaType).toBe("application/x-www-form-urlencoded");
    // The form reads each example from its code block on the page, by id.
    expect(spec.body?.examples).toEqual([
      { label: "Exchange a login's code (PKCE)", sourceId: "request-example-code" },
      { label: "The partner's own token", sourceId: "request-example-client" },
    ]);
    const built = buildTryItRequest(spec, {
      ...untouched(spec),
      credentials: { clientBasic: { username: "DEMO-10001", password: "sécret" } },
      body: "grant_type=client_credentials",
    });
    expect(built.ok && built.request).toEqual({
      url: "/oauth/api/grant",
      method: "POST",
      headers: [
        ["Authorization", `Basic ${Buffer.from("DEMO-10001:sécret", "utf8").toString("base64")}`],
        ["Content-Type", "application/x-www-form-urlencoded"],
      ],
      body: "grant_type=client_credentials",
    });
  });

  it("lists the scenario header's catalogue names as choices, and never sends a path it does not serve", () => {
    const spec = specOf("debit-currency");
    expect(spec.fields.find((field) => field.name === "X-Sandbox-Scenario")?.options).toContain("BALANCE_INSUFFICIENT");
    const built = buildTryItRequest(spec, { ...untouched(spec), path: "https://evil.example/steal" });
    expect(built.ok && built.request.url.startsWith("/api/v1/programmes/NORTHSTAR/")).toBe(true);
  });
});

import type { OpenApiDocument } from "@/lib/docs/openapi/build-document";
import { sandboxApiKey, sandboxClient, sandboxFurtherProgrammes } from "@/lib/docs/sandbox-values";

export const postmanSchemaUrl = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

interface KeyValue {
  key: string;
  value: string;
  description?: string;
  disabled?: boolean;
}

export interface PostmanRequestItem {
  name: string;
  request: {
    method: string;
    description?: string;
    header: KeyValue[];
    url: { raw: string; host: string[]; path: string[]; query: KeyValue[]; variable: KeyValue[] };
    auth?: { type: "basic"; basic: KeyValue[] } | { type: "bearer"; bearer: KeyValue[] } | { type: "noauth" };
    body?:
      | { mode: "raw"; raw: string; options: { raw: { language: "json" } } }
      | { mode: "urlencoded"; urlencoded: KeyValue[] };
  };
}

export interface PostmanCollection {
  info: { name: string; description: string; schema: string };
  variable: KeyValue[];
  item: { name: string; item: PostmanRequestItem[] }[];
}

/** The loosely typed slices of the OpenAPI document this conversion reads. */
interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  description?: string;
  schema?: { example?: unknown; description?: string };
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
}

const methods = ["get", "post", "put", "patch", "delete"] as const;

function exampleOf(parameter: Parameter): string {
  const example = parameter.schema?.example;
  return example === undefined ? "" : String(example);
}

function authOf(operation: Operation, headers: KeyValue[]): PostmanRequestItem["request"]["auth"] {
  const schemes = new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
  if (schemes.has("clientBasic")) {
    return {
      type: "basic",
      basic: [
        { key: "username", value: "{{clientId}}" },
        { key: "password", value: "{{clientPassword}}" },
      ],
    };
  }
  if (schemes.has("partnerBasic")) {
    return {
      type: "basic",
      basic: [
        { key: "username", value: "{{partnerClientId}}" },
        { key: "password", value: "{{partnerSecret}}" },
      ],
    };
  }
  if (schemes.has("memberToken")) {
    // Optional for pricing (only with a membership number): sent, but easy to untick.
    headers.push({ key: "Authorization", value: "Bearer {{memberToken}}" });
  }
  return { type: "noauth" };
}

function bodyOf(operation: Operation, headers: KeyValue[]): PostmanRequestItem["request"]["body"] {
  const content = operation.requestBody?.content ?? {};
  const json = content["application/json"];
  if (json) {
    headers.push({ key: "Content-Type", value: "application/json" });
    const first = Object.values(json.examples ?? {})[0]?.value ?? {};
    return { mode: "raw", raw: JSON.stringify(first, null, 2), options: { raw: { language: "json" } } };
  }
  const form = content["application/x-www-form-urlencoded"];
  if (form) {
    const first = (Object.values(form.examples ?? {})[0]?.value ?? {}) as Record<string, string>;
    return { mode: "urlencoded", urlencoded: Object.entries(first).map(([key, value]) => ({ key, value })) };
  }
  return undefined;
}

function requestItem(path: string, method: string, operation: Operation): PostmanRequestItem {
  const parameters = operation.parameters ?? [];
  const usesApiKey = (operation.security ?? []).some((requirement) => "api_key" in requirement);
  const query: KeyValue[] = [
    ...(usesApiKey ? [{ key: "api_key", value: "{{api_key}}" }] : []),
    ...parameters
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => ({
        key: parameter.name,
        value: exampleOf(parameter),
        ...(parameter.description ? { description: parameter.description } : {}),
        ...(parameter.required ? {} : { disabled: true }),
      })),
  ];
  const header: KeyValue[] = parameters
    .filter((parameter) => parameter.in === "header")
    .map((parameter) => ({
      key: parameter.name,
      value: exampleOf(parameter),
      ...(parameter.required ? {} : { disabled: true }),
    }));
  const auth = authOf(operation, header);
  const body = bodyOf(operation, header);
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, ":$1"));
  const variable = parameters
    .filter((parameter) => parameter.in === "path")
    .map((parameter) => ({ key: parameter.name, value: exampleOf(parameter) }));
  const search = query.filter((item) => !item.disabled).map((item) => `${item.key}=${item.value}`);
  return {
    name: operation.summary ?? `${method.toUpperCase()} ${path}`,
    request: {
      method: method.toUpperCase(),
      ...(operation.description ? { description: operation.description } : {}),
      header,
      url: {
        raw: `{{baseUrl}}/${segments.join("/")}${search.length > 0 ? `?${search.join("&")}` : ""}`,
        host: ["{{baseUrl}}"],
        path: segments,
        query,
        variable,
      },
      auth,
      ...(body ? { body } : {}),
    },
  };
}

/** A Postman collection (v2.1) of every operation of the document, one folder per tag, filled with sandbox values. */
export function postmanCollection(document: OpenApiDocument): PostmanCollection {
  const folders = new Map<string, PostmanRequestItem[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      folders.set(tag, [...(folders.get(tag) ?? []), requestItem(path, method, operation)]);
    }
  }
  return {
    info: {
      name: document.info.title,
      description: `${document.info.description ?? ""}\n\nSet memberToken to a member's access token (see the quickstart).`,
      schema: postmanSchemaUrl,
    },
    variable: [
      { key: "baseUrl", value: document.servers?.[0]?.url ?? "" },
      { key: "api_key", value: sandboxApiKey },
      { key: "memberToken", value: "", description: "A member's access token from the grant service." },
      { key: "clientId", value: sandboxClient.clientId },
      { key: "clientPassword", value: sandboxClient.password },
      { key: "partnerClientId", value: sandboxFurtherProgrammes.clientId },
      { key: "partnerSecret", value: sandboxFurtherProgrammes.partnerSecret },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}

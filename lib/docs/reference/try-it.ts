import type { BodyView, OperationView, ParameterLocation } from "./operation-view";

/*
 * The "Try it" form of an operation: what the server page hands the client
 * component (plain data, no secrets beyond the sandbox's public values), and
 * the request the browser sends from what the reader typed. Browser-safe:
 * nothing here imports sandbox.json or server code.
 */

export type TryItCredential =
  | { kind: "apiKey"; key: string; in: ParameterLocation; name: string; value: string; required: boolean }
  | { kind: "bearer"; key: string; required: boolean; description?: string }
  | { kind: "basic"; key: string; required: boolean; username: string; password: string };

export interface TryItField {
  /** Unique in the form: `query-page-size`. */
  id: string;
  location: Exclude<ParameterLocation, "cookie">;
  name: string;
  required: boolean;
  value: string;
  example?: string;
  options?: string[];
}

export interface TryItSpec {
  method: string;
  /** The paths the operation is served on (the first is the documented one), with `{name}` parameters. */
  paths: string[];
  credentials: TryItCredential[];
  fields: TryItField[];
  /**
   * The body's examples are on the page already, as the request body's code blocks: the form names the element
   * holding each (`requestExampleId`) and reads it from there, so the page does not carry them twice.
   */
  body?: { mediaType: string; required: boolean; examples: { label: string; sourceId: string }[] };
}

/** The id of the element holding the text of a request body example (see TryItSpec.body). */
export function requestExampleId(key: string): string {
  return `request-example-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** A body example as the media type sends it: JSON pretty-printed, a form's fields URL-encoded. */
export function bodyText(body: Pick<BodyView, "mediaType">, value: unknown): string {
  if (body.mediaType === "application/x-www-form-urlencoded" && typeof value === "object" && value !== null)
    return new URLSearchParams(Object.entries(value).map(([name, item]) => [name, String(item)])).toString();
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/**
 * The form for an operation: credentials first (filled in from `credentials`,
 * keyed by scheme as for the code samples), then its parameters (required
 * ones filled with their example), then the body's examples.
 */
export function tryItSpec(view: OperationView, credentials: Record<string, string>): TryItSpec {
  const schemes = view.security.schemes.flatMap((scheme): TryItCredential[] => {
    const value = credentials[scheme.key] ?? "";
    if (scheme.kind === "apiKey" && scheme.parameterName && scheme.in !== "cookie")
      return [
        {
          kind: "apiKey",
          key: scheme.key,
          in: scheme.in ?? "query",
          name: scheme.parameterName,
          value,
          required: scheme.required,
        },
      ];
    if (scheme.kind === "bearer")
      return [{ kind: "bearer", key: scheme.key, required: scheme.required, description: scheme.description }];
    if (scheme.kind === "basic") {
      const colon = value.indexOf(":");
      return [
        {
          kind: "basic",
          key: scheme.key,
          required: scheme.required,
          username: colon < 0 ? value : value.slice(0, colon),
          password: colon < 0 ? "" : value.slice(colon + 1),
        },
      ];
    }
    return [];
  });
  const fields = view.parameters
    .filter((parameter) => parameter.location !== "cookie")
    .map((parameter) => ({
      id: `${parameter.location}-${parameter.name}`.replace(/[^A-Za-z0-9_-]/g, "-"),
      location: parameter.location as TryItField["location"],
      name: parameter.name,
      required: parameter.required,
      value: parameter.required
        ? (parameter.example ?? (parameter.options?.length === 1 ? parameter.options[0]! : ""))
        : "",
      ...(parameter.example !== undefined ? { example: parameter.example } : {}),
      ...(parameter.options ? { options: parameter.options } : {}),
    }));
  const body = view.requestBody;
  return {
    method: view.method.toUpperCase(),
    paths: [view.path, ...view.alsoServedOn],
    credentials: schemes,
    fields,
    ...(body
      ? {
          body: {
            mediaType: body.mediaType,
            required: body.required,
            examples: body.examples.map((example) => ({
              label: example.summary ?? example.key,
              sourceId: requestExampleId(example.key),
            })),
          },
        }
      : {}),
  };
}

/** What the reader typed: field values by field id, credentials by scheme key, the body's text. */
export interface TryItInput {
  path: string;
  fields: Record<string, string>;
  credentials: Record<string, { value?: string; username?: string; password?: string }>;
  body: string;
}

export interface TryItRequest {
  /** Same origin: a path and query, never an absolute URL. */
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
}

/** Base64 of the UTF-8 bytes, as Basic authentication encodes `user:password`. */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The request the form describes, or the path parameters still empty (no
 * URL can be made without them). Everything else goes as typed, even when
 * a required value is missing: the service's answer to it is worth seeing.
 */
export function buildTryItRequest(
  spec: TryItSpec,
  input: TryItInput,
): { ok: true; request: TryItRequest } | { ok: false; missing: TryItField[] } {
  const valueOf = (field: TryItField) => (input.fields[field.id] ?? field.value).trim();
  const missing = spec.fields.filter((field) => field.location === "path" && valueOf(field) === "");
  if (missing.length > 0) return { ok: false, missing };
  let path = spec.paths.includes(input.path) ? input.path : spec.paths[0]!;
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  for (const credential of spec.credentials) {
    const typed = input.credentials[credential.key] ?? {};
    if (credential.kind === "apiKey") {
      const value = (typed.value ?? credential.value).trim();
      if (value === "") continue;
      if (credential.in === "query") query.push([credential.name, value]);
      else if (credential.in === "header") headers.push([credential.name, value]);
    } else if (credential.kind === "bearer") {
      const token = (typed.value ?? "").trim();
      if (token !== "") headers.push(["Authorization", `Bearer ${token}`]);
    } else {
      const username = typed.username ?? credential.username;
      const password = typed.password ?? credential.password;
      if (username !== "" || password !== "")
        headers.push(["Authorization", `Basic ${base64(`${username}:${password}`)}`]);
    }
  }
  for (const field of spec.fields) {
    const value = valueOf(field);
    if (field.location === "path") path = path.replace(`{${field.name}}`, encodeURIComponent(value));
    else if (value === "") continue;
    else if (field.location === "query") query.push([field.name, value]);
    else headers.push([field.name, value]);
  }
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  const sendsBody = spec.body !== undefined && input.body.trim() !== "";
  if (sendsBody) headers.push(["Content-Type", spec.body!.mediaType]);
  return {
    ok: true,
    request: {
      url: `${path}${search ? `?${search}` : ""}`,
      method: spec.method,
      headers,
      ...(sendsBody ? { body: input.body } : {}),
    },
  };
}

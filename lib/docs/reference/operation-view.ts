import type { oas31 } from "zod-openapi";
import type { OpenApi, Operation, ReferenceEvent, ReferenceOperation } from "./reference-index";
import { isReference, refName, resolve, type Schema } from "./resolve";
import { exampleValue } from "./example-value";
import { fieldRow, schemaRows, type SchemaRow } from "./schema-rows";

export type ParameterLocation = "path" | "query" | "header" | "cookie";

export interface SchemeView {
  /** The scheme's key under components.securitySchemes, e.g. `api_key`. */
  key: string;
  kind: "apiKey" | "bearer" | "basic" | "other";
  /** apiKey: where the key goes, and under which name. */
  in?: ParameterLocation;
  parameterName?: string;
  description?: string;
  /** Needed by every way of calling the operation, not only by some. */
  required: boolean;
}

export interface SecurityView {
  /** Each way of authenticating (any one will do): the schemes it needs together, with their scopes. */
  requirements: { key: string; scopes: string[] }[][];
  schemes: SchemeView[];
}

export interface ParameterView {
  location: ParameterLocation;
  name: string;
  required: boolean;
  row: SchemaRow;
  example?: string;
  options?: string[];
}

export interface ExampleView {
  key: string;
  summary?: string;
  description?: string;
  value: unknown;
  /** Made from the schema: the document gives no example of it. */
  generated?: boolean;
}

export interface BodyView {
  mediaType: string;
  required: boolean;
  /** Schemas named in components that stand for the body (`$ref`, or a `oneOf`/`anyOf` of them). */
  schemaNames: string[];
  rows: SchemaRow[];
  examples: ExampleView[];
}

export interface ResponseView {
  status: string;
  description: string;
  /** Every example says when it is answered: the examples list the cases, the description repeats them. */
  describedByExamples: boolean;
  headers: SchemaRow[];
  body?: BodyView;
}

/** A catalogued error an operation can answer: the codes in its example body, for links to the error catalogue. */
export interface ErrorCaseView {
  status: string;
  key: string;
  label: string;
  description?: string;
  codes: string[];
  /** The example body's `businessMessage`: what the partner's users may be shown. */
  message?: string;
}

export interface OperationView {
  method: string;
  path: string;
  alsoServedOn: string[];
  summary: string;
  description?: string;
  deprecated: boolean;
  security: SecurityView;
  parameters: ParameterView[];
  requestBody?: BodyView;
  responses: ResponseView[];
  errorCases: ErrorCaseView[];
  /** The named schemas the responses point at, each listed once on the page. */
  namedSchemas: { name: string; description?: string; rows: SchemaRow[] }[];
}

function schemeView(document: OpenApi, key: string, required: boolean): SchemeView {
  const scheme = document.components?.securitySchemes?.[key];
  const resolved = scheme ? resolve<oas31.SecuritySchemeObject>(document, scheme) : undefined;
  const base = { key, description: resolved?.description, required };
  if (resolved?.type === "apiKey")
    return { ...base, kind: "apiKey", in: resolved.in as ParameterLocation, parameterName: resolved.name };
  if (resolved?.type === "http" && resolved.scheme?.toLowerCase() === "bearer") return { ...base, kind: "bearer" };
  if (resolved?.type === "http" && resolved.scheme?.toLowerCase() === "basic") return { ...base, kind: "basic" };
  return { ...base, kind: "other" };
}

/** Every security scheme the document defines, for its overview. */
export function documentSchemes(document: OpenApi): SchemeView[] {
  return Object.keys(document.components?.securitySchemes ?? {}).map((key) => schemeView(document, key, false));
}

export function securityView(document: OpenApi, operation: Operation): SecurityView {
  const requirements = (operation.security ?? document.security ?? [])
    .map((requirement) => Object.entries(requirement).map(([key, scopes]) => ({ key, scopes })))
    .filter((requirement) => requirement.length > 0);
  // `{}` among the requirements makes authentication optional.
  const optional = (operation.security ?? document.security ?? []).some((item) => Object.keys(item).length === 0);
  const keys = [...new Set(requirements.flat().map((item) => item.key))];
  return {
    requirements,
    schemes: keys.map((key) =>
      schemeView(
        document,
        key,
        !optional && requirements.every((requirement) => requirement.some((item) => item.key === key)),
      ),
    ),
  };
}

function exampleString(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function parameterView(document: OpenApi, parameter: oas31.ParameterObject): ParameterView {
  const schema = parameter.schema ? resolve<oas31.SchemaObject>(document, parameter.schema) : undefined;
  const example = parameter.example ?? schema?.example ?? schema?.examples?.[0];
  const options = schema?.enum?.map(String) ?? (schema?.const !== undefined ? [String(schema.const)] : undefined);
  return {
    location: parameter.in as ParameterLocation,
    name: parameter.name,
    required: parameter.required === true,
    row: fieldRow(document, {
      name: parameter.name,
      schema: parameter.schema,
      required: parameter.required,
      description: parameter.description,
      example: parameter.example,
    }),
    example: exampleString(example),
    options,
  };
}

/** `$ref`, or a `oneOf`/`anyOf` made only of them: the names of the schemas standing for the body. */
function schemaNamesOf(schema: Schema): string[] {
  if (isReference(schema)) return [refName(schema.$ref)];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && variants.length > 0 && variants.every(isReference)) return variants.map((item) => refName(item.$ref));
  return [];
}

/**
 * A body's first media type. `named`: a body that is a named schema points at it (listed once at the page's
 * end, as error bodies share a few); otherwise its fields are listed in place.
 */
function bodyView(
  document: OpenApi,
  content: oas31.ContentObject | undefined,
  { required, named }: { required: boolean; named: boolean },
): BodyView | undefined {
  const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
  if (!mediaType || !media) return undefined;
  const schema = media.schema ?? {};
  const schemaNames = named ? schemaNamesOf(schema) : [];
  const examples: ExampleView[] = Object.entries(media.examples ?? {}).map(([key, example]) => {
    const resolved = resolve<oas31.ExampleObject>(document, example);
    return { key, summary: resolved.summary, description: resolved.description, value: resolved.value };
  });
  if (examples.length === 0 && media.example !== undefined) examples.push({ key: "example", value: media.example });
  if (examples.length === 0 && media.schema)
    examples.push({ key: "example", value: exampleValue(document, media.schema), generated: true });
  return {
    mediaType,
    required,
    schemaNames,
    rows: schemaNames.length > 0 ? [] : schemaRows(document, schema),
    examples,
  };
}

interface ErrorBodyLike {
  code?: unknown;
  businessMessage?: unknown;
  childError?: { code?: unknown }[];
}

/** The Error resource in a body, flat or wrapped in `error`. */
function errorBodyOf(value: unknown): ErrorBodyLike {
  if (typeof value !== "object" || value === null) return {};
  const outer = value as { error?: unknown };
  return (typeof outer.error === "object" && outer.error !== null ? outer.error : value) as ErrorBodyLike;
}

/** The codes in an error body, flat (`code`) or wrapped (`error.code`), with the child errors' codes. */
export function errorCodesOf(value: unknown): string[] {
  const body = errorBodyOf(value);
  const codes = [body.code, ...(Array.isArray(body.childError) ? body.childError.map((child) => child.code) : [])];
  return codes.filter((code): code is string => typeof code === "string");
}

function responseView(document: OpenApi, status: string, response: oas31.ResponseObject): ResponseView {
  const body = bodyView(document, response.content, { required: true, named: true });
  const examples = body?.examples.filter((example) => !example.generated) ?? [];
  return {
    status,
    description: response.description,
    describedByExamples: examples.length > 0 && examples.every((example) => example.description),
    headers: Object.entries(response.headers ?? {}).map(([name, header]) => {
      const resolved = resolve<oas31.HeaderObject>(document, header);
      return fieldRow(document, {
        name,
        schema: resolved.schema,
        required: resolved.required,
        description: resolved.description,
      });
    }),
    body,
  };
}

function namedSchemas(document: OpenApi, names: string[]): OperationView["namedSchemas"] {
  return [...new Set(names)].map((name) => {
    const schema = document.components?.schemas?.[name];
    return { name, description: schema?.description, rows: schema ? schemaRows(document, schema) : [] };
  });
}

/** Everything a page shows of one operation (or one event), read from the document alone. */
export function operationView(document: OpenApi, reference: ReferenceOperation | ReferenceEvent): OperationView {
  const { operation } = reference;
  const parameters = (operation.parameters ?? []).map((parameter) =>
    parameterView(document, resolve<oas31.ParameterObject>(document, parameter)),
  );
  const requestBody = operation.requestBody
    ? resolve<oas31.RequestBodyObject>(document, operation.requestBody)
    : undefined;
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) =>
    responseView(document, status, resolve<oas31.ResponseObject>(document, response)),
  );
  const errorCases = responses
    .filter((response) => response.describedByExamples && /^[45]/.test(response.status))
    .flatMap((response) =>
      (response.body?.examples ?? []).map((example) => ({
        status: response.status,
        key: example.key,
        label: example.summary ?? example.key,
        description: example.description,
        codes: errorCodesOf(example.value),
        ...(typeof errorBodyOf(example.value).businessMessage === "string"
          ? { message: errorBodyOf(example.value).businessMessage as string }
          : {}),
      })),
    );
  const body = requestBody
    ? bodyView(document, requestBody.content, { required: requestBody.required === true, named: false })
    : undefined;
  return {
    method: reference.method,
    path: "path" in reference ? reference.path : reference.name,
    alsoServedOn: "alsoServedOn" in reference ? reference.alsoServedOn : [],
    summary:
      (operation.summary ?? ("name" in reference ? reference.name : reference.path)) +
      ("versionLabel" in reference && reference.versionLabel ? ` (${reference.versionLabel})` : ""),
    description: operation.description,
    deprecated: operation.deprecated === true,
    security: securityView(document, operation),
    parameters,
    requestBody: body,
    responses,
    errorCases,
    namedSchemas: namedSchemas(
      document,
      responses.flatMap((response) => response.body?.schemaNames ?? []),
    ),
  };
}

import type { oas31 } from "zod-openapi";
import type { OpenApi } from "./reference-index";
import { isReference, resolve, type Schema } from "./resolve";

const formatExamples: Record<string, string> = {
  "date-time": "2026-11-20T10:00:00Z",
  date: "2026-11-20",
  time: "10:00:00Z",
  uuid: "3f2c8a1e-5b7d-4c9a-8e21-6d0f4b3a9c57",
  email: "member@example.com",
  uri: "https://example.com/",
};

/** `^[0-9]+$`, `^\d{1,10}$`: a pattern of digits only. */
const digitsOnly = /^\^(?:\[0-9\]|\\d)(?:\+|\{\d+(?:,\d*)?\})\$$/;

/**
 * A value that fits the schema, for a payload the document gives no example
 * of (the events): the schema's own example, const, default or first enum
 * member, else one made from its type, every property filled in.
 */
export function exampleValue(document: OpenApi, schema: Schema, seen: readonly string[] = []): unknown {
  if (isReference(schema)) {
    if (seen.includes(schema.$ref)) return {};
    return exampleValue(document, resolve<oas31.SchemaObject>(document, schema), [...seen, schema.$ref]);
  }
  const given = schema.example ?? schema.examples?.[0] ?? schema.const ?? schema.default ?? schema.enum?.[0];
  if (given !== undefined) return given;
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return exampleValue(document, variant, seen);
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((part) => exampleValue(document, part, seen) as object));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((candidate) => candidate !== "null") ?? (schema.properties ? "object" : types[0]);
  switch (type) {
    case "object":
      // The fields every payload has: an optional one (a test event's `test`) would mislead as an example.
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => !schema.required || schema.required.includes(name))
          .map(([name, property]) => [name, exampleValue(document, property, seen)]),
      );
    case "array":
      return schema.items ? [exampleValue(document, schema.items, seen)] : [];
    case "string":
      return (
        formatExamples[schema.format ?? ""] ?? (schema.pattern && digitsOnly.test(schema.pattern) ? "100" : "string")
      );
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}

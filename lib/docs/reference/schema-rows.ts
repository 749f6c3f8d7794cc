import type { oas31 } from "zod-openapi";
import type { OpenApi } from "./reference-index";
import { isReference, refName, resolve, type Schema } from "./resolve";

/** A rule a value must follow, in words, with the literal values (patterns, enum members) kept apart as code. */
export interface Constraint {
  text: string;
  code?: string[];
}

/** One field of a schema, flattened: the reference lists these, indented by depth, with the path above the name. */
export interface SchemaRow {
  /** Where the field sits: `debitTransaction.productSummary[]`; empty at the top. */
  parent: string;
  /** A property's name, or `option 2` (or a schema's name) for a variant of a `oneOf`/`anyOf`. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  constraints: Constraint[];
}

const maxDepth = 12;
// zod's integers carry the safe-integer bounds: no reader needs them spelled out.
const unremarkableBounds = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** The rows of a schema: its properties (or its variants, or its items' properties), nested ones below their parent. */
export function schemaRows(document: OpenApi, schema: Schema): SchemaRow[] {
  return new Flattener(document).children(schema, "", 0, []);
}

/** One row for a named value (a parameter, a header) of the given schema. */
export function fieldRow(
  document: OpenApi,
  field: { name: string; schema?: Schema; required?: boolean; description?: string; example?: unknown },
): SchemaRow {
  const schema = field.schema ? resolve<oas31.SchemaObject>(document, field.schema) : {};
  const flattener = new Flattener(document);
  const constraints = flattener.constraints(schema);
  if (field.example !== undefined && !constraints.some((constraint) => constraint.text === "Example"))
    constraints.push({ text: "Example", code: [literal(field.example)] });
  return {
    parent: "",
    name: field.name,
    depth: 0,
    type: flattener.typeLabel(field.schema ?? {}),
    required: field.required === true,
    description: field.description ?? schema.description,
    constraints,
  };
}

/** A value as code: strings as they are, anything else as JSON. */
export function literal(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function range(min: number | undefined, max: number | undefined, word: string): string | undefined {
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${plural(min, word)}` : `${min} to ${plural(max, word)}`;
  if (max !== undefined) return `at most ${plural(max, word)}`;
  if (min !== undefined && min > 0) return `at least ${plural(min, word)}`;
  return undefined;
}

/** A sub-schema listed once per list: a later copy of it (the same fields again) points at the first. */
const minRepeatedRows = 4;

class Flattener {
  /** The path where each sub-schema with fields was first listed, by its JSON. */
  private readonly listed = new Map<string, string>();

  constructor(private readonly document: OpenApi) {}

  private resolved(schema: Schema): oas31.SchemaObject {
    return resolve<oas31.SchemaObject>(this.document, schema);
  }

  /** The variants of a `oneOf`/`anyOf`, or nothing. */
  private variants(schema: oas31.SchemaObject): Schema[] {
    return schema.oneOf ?? schema.anyOf ?? [];
  }

  /** allOf's parts merged into one object schema: properties and required lists together. */
  private merged(schema: oas31.SchemaObject): oas31.SchemaObject {
    if (!schema.allOf) return schema;
    const parts = schema.allOf.map((part) => this.merged(this.resolved(part)));
    return {
      ...schema,
      allOf: undefined,
      type: schema.type ?? parts.find((part) => part.type)?.type,
      properties: Object.assign({}, ...parts.map((part) => part.properties), schema.properties),
      required: [...new Set([...parts.flatMap((part) => part.required ?? []), ...(schema.required ?? [])])],
    };
  }

  /** Whether a schema has fields of its own to list below it. */
  private hasFields(schema: Schema, seen: readonly string[] = []): boolean {
    if (isReference(schema) && seen.includes(schema.$ref)) return false;
    const target = this.merged(this.resolved(schema));
    if (target.properties && Object.keys(target.properties).length > 0) return true;
    if (target.items) return this.hasFields(target.items, isReference(schema) ? [...seen, schema.$ref] : seen);
    return this.variants(target).some((variant) => this.hasFields(variant, seen));
  }

  typeLabel(schema: Schema, seen: readonly string[] = []): string {
    if (isReference(schema)) {
      if (seen.includes(schema.$ref)) return `${refName(schema.$ref)} (recursive)`;
      return this.typeLabel(this.resolved(schema), [...seen, schema.$ref]);
    }
    const target = this.merged(schema);
    const variants = this.variants(target);
    if (variants.length > 0) {
      if (variants.some((variant) => this.hasFields(variant))) return "one of";
      return [...new Set(variants.map((variant) => this.typeLabel(variant, seen)))].join(" or ");
    }
    const types = Array.isArray(target.type) ? target.type : target.type ? [target.type] : [];
    if (types.length === 0) {
      if (target.const !== undefined) return typeof target.const === "object" ? "object" : typeof target.const;
      if (target.properties || target.additionalProperties) return "object";
      return target.items ? `array of ${this.typeLabel(target.items, seen)}` : "any";
    }
    return types
      .map((type) => {
        if (type === "array") return target.items ? `array of ${this.typeLabel(target.items, seen)}` : "array";
        if (type === "string" && target.format) return `string (${target.format})`;
        return type;
      })
      .join(" or ");
  }

  constraints(schema: oas31.SchemaObject): Constraint[] {
    const constraints: Constraint[] = [];
    if (schema.const !== undefined) constraints.push({ text: "Always", code: [literal(schema.const)] });
    if (schema.enum) constraints.push({ text: "One of", code: schema.enum.map(literal) });
    // A format says it better than zod's long generated pattern for it.
    if (schema.pattern && !schema.format) constraints.push({ text: "Pattern", code: [schema.pattern] });
    const length = range(schema.minLength, schema.maxLength, "character");
    if (length) constraints.push({ text: length });
    const minimum = schema.exclusiveMinimum ?? schema.minimum;
    const maximum = schema.exclusiveMaximum ?? schema.maximum;
    const lower = minimum !== undefined && !unremarkableBounds.has(minimum) ? minimum : undefined;
    const upper = maximum !== undefined && !unremarkableBounds.has(maximum) ? maximum : undefined;
    if (lower !== undefined || upper !== undefined) {
      const from =
        lower === undefined ? "" : `${schema.exclusiveMinimum !== undefined ? "more than" : "at least"} ${lower}`;
      const to =
        upper === undefined ? "" : `${schema.exclusiveMaximum !== undefined ? "less than" : "at most"} ${upper}`;
      constraints.push({ text: [from, to].filter(Boolean).join(", ") });
    }
    if (schema.multipleOf !== undefined) constraints.push({ text: `a multiple of ${schema.multipleOf}` });
    const items = range(schema.minItems, schema.maxItems, "item");
    if (items) constraints.push({ text: items });
    if (schema.uniqueItems) constraints.push({ text: "no duplicates" });
    if (schema.default !== undefined) constraints.push({ text: "Default", code: [literal(schema.default)] });
    const example = schema.example ?? schema.examples?.[0];
    if (example !== undefined) constraints.push({ text: "Example", code: [literal(example)] });
    if (!schema.properties && (schema.additionalProperties === true || typeof schema.additionalProperties === "object"))
      constraints.push({ text: "Any property names" });
    // Scalar alternatives (a date-time or a date; a number or a digit string) each keep their own rules.
    const variants = this.variants(schema);
    if (!variants.some((variant) => this.hasFields(variant))) {
      for (const variant of variants) {
        const label = this.typeLabel(variant);
        for (const constraint of this.constraints(this.resolved(variant)))
          constraints.push({ ...constraint, text: `As ${label}: ${constraint.text}` });
      }
    }
    return constraints;
  }

  /** A scalar array's items have no row of their own: their rules show on the array's row. */
  private itemConstraints(schema: oas31.SchemaObject): Constraint[] {
    if (!schema.items || this.hasFields(schema.items)) return [];
    return this.constraints(this.resolved(schema.items)).map((constraint) => ({
      ...constraint,
      text: `Each item: ${constraint.text}`,
    }));
  }

  private row(
    name: string,
    schema: Schema,
    parent: string,
    depth: number,
    required: boolean,
    seen: readonly string[],
    /** A variant is no step of the JSON path: its fields sit at its parent's path. */
    variant = false,
  ): SchemaRow[] {
    const own = isReference(schema) ? schema : undefined;
    const target = this.merged(this.resolved(schema));
    const row: SchemaRow = {
      parent,
      name,
      depth,
      type: this.typeLabel(schema, seen),
      required,
      description: own?.description ?? target.description,
      constraints: [...this.constraints(target), ...this.itemConstraints(target)],
    };
    const path = variant ? parent : parent ? `${parent}.${name}` : name;
    if (own && seen.includes(own.$ref)) return [row];
    const below = own ? [...seen, own.$ref] : seen;
    const children = this.children(this.resolved(schema), path, depth + 1, below);
    if (children.length < minRepeatedRows) return [row, ...children];
    // An array's fields are its items': items like an object listed earlier have that object's fields.
    const array = target.items !== undefined && !target.properties;
    const key = JSON.stringify(array ? this.resolved(target.items!) : target);
    const first = this.listed.get(key);
    if (first !== undefined) {
      const text = array ? "Each item has the same fields as" : "The same fields as";
      return [{ ...row, constraints: [...row.constraints, { text, code: [first] }] }];
    }
    this.listed.set(key, array ? `${path}[]` : path);
    return [row, ...children];
  }

  /** The rows below a schema at `path`: properties, array items' fields, or variants. */
  children(schema: Schema, path: string, depth: number, seen: readonly string[]): SchemaRow[] {
    if (depth > maxDepth) return [];
    if (isReference(schema)) {
      if (seen.includes(schema.$ref)) return [];
      return this.children(this.resolved(schema), path, depth, [...seen, schema.$ref]);
    }
    const target = this.merged(schema);
    const variants = this.variants(target);
    if (variants.length > 0 && variants.some((variant) => this.hasFields(variant))) {
      return variants.flatMap((variant, index) =>
        this.row(
          isReference(variant) ? refName(variant.$ref) : (this.resolved(variant).title ?? `option ${index + 1}`),
          variant,
          path,
          depth,
          false,
          seen,
          true,
        ),
      );
    }
    if (target.properties) {
      return Object.entries(target.properties).flatMap(([name, property]) =>
        this.row(name, property, path, depth, target.required?.includes(name) ?? false, seen),
      );
    }
    if (target.items && this.hasFields(target.items)) return this.children(target.items, `${path}[]`, depth, seen);
    return [];
  }
}

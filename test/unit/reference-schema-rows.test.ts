import { describe, expect, it } from "vitest";
import type { oas31 } from "zod-openapi";
import { fieldTree, rulesText } from "@/lib/docs/reference/field-tree";
import { parseInline } from "@/lib/docs/reference/markdown";
import { fieldRow, schemaRows } from "@/lib/docs/reference/schema-rows";
import type { OpenApi } from "@/lib/docs/reference/reference-index";

const document = (schemas: Record<string, oas31.SchemaObject> = {}): OpenApi => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  components: { schemas },
});

const outline = (rows: ReturnType<typeof schemaRows>) =>
  rows.map(
    (row) =>
      `${"  ".repeat(row.depth)}${row.parent ? `${row.parent}.` : ""}${row.name}: ${row.type}${row.required ? " (required)" : ""}`,
  );

describe("a schema as the reference's rows", () => {
  it("lists properties depth first, nested objects and array items below their parent, with required ones marked", () => {
    const rows = schemaRows(document(), {
      type: "object",
      required: ["debit"],
      properties: {
        debit: {
          type: "object",
          required: ["amount"],
          properties: {
            amount: { type: "string", pattern: "^\\d{1,10}$", description: "Points." },
            products: {
              type: "array",
              maxItems: 50,
              items: { type: "object", properties: { code: { type: "string", minLength: 1, maxLength: 2 } } },
            },
            tags: { type: "array", items: { type: "string", maxLength: 5 } },
          },
        },
        note: { type: ["string", "null"] },
      },
    });
    expect(outline(rows)).toEqual([
      "debit: object (required)",
      "  debit.amount: string (required)",
      "  debit.products: array of object",
      "    debit.products[].code: string",
      "  debit.tags: array of string",
      "note: string or null",
    ]);
    expect(rows[1]).toMatchObject({
      description: "Points.",
      constraints: [{ text: "Pattern", code: ["^\\d{1,10}$"] }],
    });
    expect(rows[2]!.constraints).toEqual([{ text: "at most 50 items" }]);
    expect(rows[3]!.constraints).toEqual([{ text: "1 to 2 characters" }]);
    // A scalar array's items have no row: their rules show on the array's.
    expect(rows[4]!.constraints).toEqual([{ text: "Each item: at most 5 characters" }]);
  });

  it("follows $ref into components, and stops at a schema that contains itself", () => {
    const doc = document({
      Node: {
        type: "object",
        properties: { name: { type: "string" }, child: { $ref: "#/components/schemas/Node" } },
      },
    });
    const rows = schemaRows(doc, { $ref: "#/components/schemas/Node" });
    expect(outline(rows)).toEqual(["name: string", "child: Node (recursive)"]);
  });

  it("lists a oneOf of objects as options, each with its own fields at the parent's path", () => {
    const rows = schemaRows(document({ Wrapped: { type: "object", properties: { error: { type: "object" } } } }), {
      type: "object",
      properties: {
        transaction: {
          anyOf: [
            { type: "object", properties: { debit: { type: "string" } } },
            { $ref: "#/components/schemas/Wrapped" },
          ],
        },
      },
    });
    expect(outline(rows)).toEqual([
      "transaction: one of",
      "  transaction.option 1: object",
      "    transaction.debit: string",
      "  transaction.Wrapped: object",
      "    transaction.error: object",
    ]);
  });

  it("names scalar alternatives together and keeps each one's rules; a format replaces its generated pattern", () => {
    const [row] = schemaRows(document(), {
      type: "object",
      properties: {
        index: {
          anyOf: [
            { type: "integer", minimum: 0, maximum: 99999 },
            { type: "string", pattern: "^\\d{1,5}$" },
          ],
        },
      },
    });
    expect(row).toMatchObject({
      type: "integer or string",
      constraints: [
        { text: "As integer: at least 0, at most 99999" },
        { text: "As string: Pattern", code: ["^\\d{1,5}$"] },
      ],
    });
    const [date] = schemaRows(document(), {
      type: "object",
      properties: { at: { type: "string", format: "date-time", pattern: "^(?:very long generated)$" } },
    });
    expect(date).toMatchObject({ type: "string (date-time)", constraints: [] });
  });

  it("says const, enum, bounds, defaults and examples in words, leaving out the safe-integer bounds zod adds", () => {
    const rows = schemaRows(document(), {
      type: "object",
      properties: {
        currency: { type: "string", const: "POINTS" },
        kind: { type: "string", enum: ["A", "B"], default: "A" },
        count: { type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
        expires: { type: "integer", exclusiveMinimum: 0, maximum: 900, example: 900 },
        key: { type: "string", minLength: 24, maxLength: 24 },
      },
    });
    expect(rows.map((row) => row.constraints)).toEqual([
      [{ text: "Always", code: ["POINTS"] }],
      [
        { text: "One of", code: ["A", "B"] },
        { text: "Default", code: ["A"] },
      ],
      [],
      [{ text: "more than 0, at most 900" }, { text: "Example", code: ["900"] }],
      [{ text: "exactly 24 characters" }],
    ]);
  });

  it("lists a repeated sub-schema once, pointing at the first listing from the later ones", () => {
    const amount = {
      type: "object" as const,
      properties: {
        amount: { type: "integer" as const },
        currency: { type: "object" as const, properties: { code: { type: "string" as const } } },
        rounded: { type: "boolean" as const },
      },
    };
    const rows = schemaRows(document(), {
      type: "object",
      properties: {
        price: amount,
        prices: { type: "array", items: amount },
        other: amount,
        small: { type: "object", properties: { a: { type: "string" } } },
        smallAgain: { type: "object", properties: { a: { type: "string" } } },
      },
    });
    expect(outline(rows)).toEqual([
      "price: object",
      "  price.amount: integer",
      "  price.currency: object",
      "    price.currency.code: string",
      "  price.rounded: boolean",
      "prices: array of object",
      "other: object",
      "small: object",
      "  small.a: string",
      "smallAgain: object",
      "  smallAgain.a: string",
    ]);
    expect(rows[5]!.constraints).toEqual([{ text: "Each item has the same fields as", code: ["price"] }]);
    expect(rows[6]!.constraints).toEqual([{ text: "The same fields as", code: ["price"] }]);
  });

  it("makes a parameter's row from its schema, with the parameter's own description and example", () => {
    expect(
      fieldRow(document(), {
        name: "programme-identifier",
        schema: { type: "string", pattern: "^[A-Za-z]{1,20}$", description: "Schema words." },
        required: true,
        description: "Programme code.",
        example: "NORTHSTAR",
      }),
    ).toEqual({
      parent: "",
      name: "programme-identifier",
      depth: 0,
      type: "string",
      required: true,
      description: "Programme code.",
      constraints: [
        { text: "Pattern", code: ["^[A-Za-z]{1,20}$"] },
        { text: "Example", code: ["NORTHSTAR"] },
      ],
    });
  });
});

describe("the rows as the field list receives them", () => {
  it("nests each row under the row above it of one less depth, and writes the rules as one line of Markdown", () => {
    const rows = schemaRows(document(), {
      type: "object",
      required: ["a"],
      properties: {
        a: { type: "object", properties: { b: { type: "string", enum: ["X", "Y`Z"] }, c: { type: "integer" } } },
        d: { type: "string", description: "Last." },
      },
    });
    expect(fieldTree(rows)).toEqual([
      {
        name: "a",
        type: "object",
        required: true,
        fields: [
          { name: "b", type: "string", rules: "One of: `X`, `` Y`Z ``" },
          { name: "c", type: "integer" },
        ],
      },
      { name: "d", type: "string", description: "Last." },
    ]);
    // The Markdown reads back the code values, the one with a backtick included.
    expect(parseInline(rulesText([{ text: "One of", code: ["X", "Y`Z"] }]))).toEqual([
      { kind: "text", text: "One of: " },
      { kind: "code", text: "X" },
      { kind: "text", text: ", " },
      { kind: "code", text: "Y`Z" },
    ]);
  });
});

import { createSchema, type CreateDocumentOptions } from "zod-openapi";
import { priceAmountSchema } from "@/lib/contract/product-pricing";
import { passwordSchema, usernameSchema } from "@/lib/contract/register-account";

type Override = NonNullable<CreateDocumentOptions["override"]>;
type OverrideContext = Parameters<Override>[0];

/**
 * Rules some contract schemas hold in refinements, which JSON Schema cannot
 * see, written out for the document (keyed by the schema itself, so a
 * changed contract schema simply loses its override rather than lying).
 */
const described = new Map<unknown, Record<string, unknown>>([
  [
    usernameSchema,
    {
      type: "string",
      minLength: 6,
      maxLength: 50,
      pattern: "^[A-Za-z0-9](?:[A-Za-z0-9.@_-]*[A-Za-z0-9])?$",
      description: "Letters, digits and . @ - _, starting and ending with a letter or digit.",
    },
  ],
  [
    passwordSchema,
    {
      type: "string",
      minLength: 8,
      maxLength: 20,
      description:
        "Printable ASCII without spaces or accents, with at least three of: a digit, a lower-case letter, an upper-case letter, a special character.",
    },
  ],
  [
    priceAmountSchema,
    {
      type: ["number", "string"],
      pattern: "^\\d{1,6}(?:\\.\\d{1,2})?$",
      description:
        "Up to 6 digits before and 2 after the decimal point, above zero; a JSON number or the same digits as text.",
    },
  ],
]);

/**
 * Contract nodes written `z.unknown().…pipe(schema)` (to name the error of an
 * absent node) render as "anything"; the document shows the schema they pipe into.
 */
export const schemaOverride: Override = (context: OverrideContext) => {
  const { jsonSchema, zodSchema, io } = context;
  const known = described.get(zodSchema);
  if (known) {
    for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
    Object.assign(jsonSchema, known);
    return;
  }
  const definition = zodSchema._zod.def as { type: string; in?: { _zod: { def: { type: string } } }; out?: unknown };
  if (definition.type !== "pipe" || definition.in?._zod.def.type !== "unknown" || !definition.out) return;
  try {
    const { schema } = createSchema(definition.out as never, { io, opts: { override: schemaOverride } });
    Object.assign(jsonSchema, schema);
  } catch {
    // A transform with nothing to show stays "any value"; the operation's description says what it takes.
  }
};

import type { Constraint, SchemaRow } from "./schema-rows";

/** A field as the page's field list receives it: only what it shows, nested fields inside their parent. */
export interface FieldNode {
  name: string;
  type: string;
  required?: true;
  description?: string;
  /** The field's rules, one line of Markdown (literal values as code). */
  rules?: string;
  fields?: FieldNode[];
}

/** `code` as inline Markdown code, with a longer fence when it holds backticks itself. */
function inlineCode(code: string): string {
  if (!code.includes("`")) return `\`${code}\``;
  return `\`\` ${code} \`\``;
}

/** A field's constraints as one line: `Pattern: \`^\\d+$\`; at most 5 items`. */
export function rulesText(constraints: Constraint[]): string {
  return constraints
    .map((constraint) =>
      constraint.code ? `${constraint.text}: ${constraint.code.map(inlineCode).join(", ")}` : constraint.text,
    )
    .join("; ");
}

/** The flat rows (in order, each with its depth) as the tree they describe. */
export function fieldTree(rows: SchemaRow[]): FieldNode[] {
  const roots: FieldNode[] = [];
  const open: FieldNode[] = [];
  for (const row of rows) {
    const node: FieldNode = {
      name: row.name,
      type: row.type,
      ...(row.required ? { required: true as const } : {}),
      ...(row.description ? { description: row.description } : {}),
      ...(row.constraints.length > 0 ? { rules: rulesText(row.constraints) } : {}),
    };
    open.length = Math.min(open.length, row.depth);
    const parent = open[open.length - 1];
    if (parent) (parent.fields ??= []).push(node);
    else roots.push(node);
    open.push(node);
  }
  return roots;
}

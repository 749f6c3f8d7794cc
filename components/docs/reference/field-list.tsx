"use client";

import type { FieldNode } from "@/lib/docs/reference/field-tree";
import { MarkdownInline } from "./markdown-text";

function Field({ node }: { node: FieldNode }) {
  return (
    <li>
      <p>
        <code>{node.name}</code>
        <span>{node.type}</span>
        {node.required ? <strong>required</strong> : null}
      </p>
      {node.description ? (
        <p>
          <MarkdownInline source={node.description} />
        </p>
      ) : null}
      {node.rules ? (
        <div>
          <MarkdownInline source={node.rules} />
        </div>
      ) : null}
      {node.fields ? (
        <ul>
          {node.fields.map((child, index) => (
            <Field key={index} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A schema's fields, one item each; a field's own fields are a list inside
 * its item (indented, and announced as a nested list). Wraps at any width:
 * no table to scroll. Styled from `.ref-fields` (app/globals.css), not per
 * element: a schema can have a hundred fields. A client component only for
 * its weight: the page carries the fields once as data rather than also as
 * a rendered tree, and its HTML is rendered on the server all the same.
 */
export function FieldList({ fields, label }: { fields: FieldNode[]; label: string }) {
  if (fields.length === 0) return null;
  return (
    <ul aria-label={label} className="ref-fields">
      {fields.map((node, index) => (
        <Field key={index} node={node} />
      ))}
    </ul>
  );
}

import { Fragment } from "react";
import type { SchemaRow } from "@/lib/docs/reference/schema-rows";
import { MarkdownInline } from "./markdown-text";

const depthClass = ["", "ref-d1", "ref-d2", "ref-d3", "ref-d4", "ref-d5"];

/**
 * A schema's fields, one item each, nested ones indented below their parent
 * and named with their path (`monetaryAmount.currency.`currencyCode), so a
 * field is never ambiguous when read alone. Wraps at any width: no table.
 */
export function FieldList({ rows, label }: { rows: SchemaRow[]; label: string }) {
  if (rows.length === 0) return null;
  return (
    <ul aria-label={label} className="ref-fields">
      {rows.map((row, index) => (
        <li key={index} className={`ref-field ${depthClass[Math.min(row.depth, depthClass.length - 1)]}`}>
          <p>
            <code className="ref-name">
              {row.parent ? <span className="ref-parent">{row.parent}.</span> : null}
              {row.name}
            </code>
            <span className="ref-type">{row.type}</span>
            {row.required ? <span className="ref-required">required</span> : null}
          </p>
          {row.description ? (
            <p className="ref-desc">
              <MarkdownInline source={row.description} />
            </p>
          ) : null}
          {row.constraints.length > 0 ? (
            <p className="ref-rules">
              {row.constraints.map((constraint, constraintIndex) => (
                <Fragment key={constraintIndex}>
                  {constraintIndex > 0 ? "; " : null}
                  {constraint.text}
                  {constraint.code ? ": " : null}
                  {constraint.code?.map((code, codeIndex) => (
                    <Fragment key={codeIndex}>
                      {codeIndex > 0 ? ", " : null}
                      <code>{code}</code>
                    </Fragment>
                  ))}
                </Fragment>
              ))}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

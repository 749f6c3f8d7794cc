"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { Fragment } from "react";
import { MarkdownInline } from "./markdown-text";

export interface ErrorCase {
  /** The code and its child's, each with its error catalogue page when the catalogue has one. */
  codes: { code: string; href?: string }[];
  label: string;
  when?: string;
}

/**
 * The catalogued errors answered with one status: each code linked to its
 * page in the error catalogue, and when it is answered. A client component
 * only for its weight, like FieldList.
 */
export function ErrorCaseList({ cases, label }: { cases: ErrorCase[]; label: string }) {
  return (
    <ul aria-label={label} className="ref-fields">
      {cases.map((item, index) => (
        <li key={index}>
          <p>
            {item.codes.length === 0 ? <code>{item.label}</code> : null}
            {item.codes.map(({ code, href }, codeIndex) => (
              <Fragment key={codeIndex}>
                {codeIndex > 0 ? " / " : null}
                {href ? <IntentLink href={href}>{code}</IntentLink> : <code>{code}</code>}
              </Fragment>
            ))}
          </p>
          {item.when ? (
            <p>
              <MarkdownInline source={item.when} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

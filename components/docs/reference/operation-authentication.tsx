import type { ReactNode } from "react";
import type { OperationView, SchemeView } from "@/lib/docs/reference/operation-view";
import { MarkdownInline } from "./markdown-text";

function schemeText(scheme: SchemeView): ReactNode {
  if (scheme.kind === "apiKey")
    return (
      <>
        an API key in the {scheme.in} parameter <code className="ref-code">{scheme.parameterName}</code>
      </>
    );
  if (scheme.kind === "bearer")
    return (
      <>
        a bearer token: <code className="ref-code">Authorization: Bearer …</code>
      </>
    );
  if (scheme.kind === "basic")
    return (
      <>
        HTTP Basic: <code className="ref-code">Authorization: Basic base64(user:password)</code>
      </>
    );
  return "see its description";
}

/** How to authenticate: the ways (any one will do) and each scheme they use. */
export function Authentication({ view }: { view: OperationView }) {
  const { requirements, schemes } = view.security;
  if (requirements.length === 0) return <p className="text-slate-700">None: no credentials are sent.</p>;
  const names = (requirement: OperationView["security"]["requirements"][number]) =>
    requirement.map((item, index) => (
      <span key={item.key}>
        {index > 0 ? " and " : null}
        <code className="ref-code">{item.key}</code>
        {item.scopes.length > 0 ? ` (scope ${item.scopes.join(", ")})` : null}
      </span>
    ));
  return (
    <>
      <p className="text-slate-700">
        {requirements.length === 1 ? (
          <>Send {names(requirements[0]!)}.</>
        ) : (
          <>
            Send one of:{" "}
            {requirements.map((requirement, index) => (
              <span key={index}>
                {index > 0 ? "; or " : null}
                {names(requirement)}
              </span>
            ))}
            .
          </>
        )}
      </p>
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        {schemes.map((scheme) => (
          <li key={scheme.key}>
            <code className="ref-code">{scheme.key}</code>: {schemeText(scheme)}.{" "}
            {scheme.description ? <MarkdownInline source={scheme.description} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

import { IntentLink } from "@/components/ui/intent-link";
import { Fragment } from "react";
import { parseInline, parseMarkdown, type Inline } from "@/lib/docs/reference/markdown";

// Underlined wherever the text sits: a link never stands out by colour alone.
const linkClass = "text-brand-700 underline underline-offset-2 hover:text-brand-900";

function InlineNodes({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((inline, index) => {
        switch (inline.kind) {
          case "text":
            return <Fragment key={index}>{inline.text}</Fragment>;
          case "code":
            return (
              <code key={index} className="ref-code">
                {inline.text}
              </code>
            );
          case "strong":
            return (
              <strong key={index} className="font-semibold text-slate-900">
                <InlineNodes inlines={inline.children} />
              </strong>
            );
          case "link":
            // The document's own pages through the router; anything else leaves as a plain link.
            return inline.href.startsWith("/") ? (
              <IntentLink key={index} href={inline.href} className={linkClass}>
                <InlineNodes inlines={inline.children} />
              </IntentLink>
            ) : (
              <a key={index} href={inline.href} className={linkClass}>
                <InlineNodes inlines={inline.children} />
              </a>
            );
        }
      })}
    </>
  );
}

/** A description from the OpenAPI document: paragraphs and lists, as React elements (never injected HTML). */
export function MarkdownText({ source, className }: { source: string; className?: string }) {
  return (
    <div className={`docs-prose space-y-2 ${className ?? ""}`}>
      {parseMarkdown(source).map((block, index) =>
        block.kind === "paragraph" ? (
          <p key={index}>
            <InlineNodes inlines={block.inlines} />
          </p>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineNodes inlines={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

/** One line of Markdown inside other text (a field's description): no paragraph of its own. */
export function MarkdownInline({ source }: { source: string }) {
  return <InlineNodes inlines={parseInline(source)} />;
}

import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, plainText } from "@/lib/docs/reference/markdown";

describe("the reference's Markdown", () => {
  it("reads paragraphs and lists, a list item's continuation lines included", () => {
    expect(parseMarkdown("First line\nsame paragraph.\n\n- one\n- two\n  continued\n\nLast.")).toEqual([
      { kind: "paragraph", inlines: [{ kind: "text", text: "First line same paragraph." }] },
      {
        kind: "list",
        items: [[{ kind: "text", text: "one" }], [{ kind: "text", text: "two continued" }]],
      },
      { kind: "paragraph", inlines: [{ kind: "text", text: "Last." }] },
    ]);
  });

  it("reads code, bold and links, nothing inside code being Markdown", () => {
    expect(parseInline("Send `**not bold**` to **[the guide](/docs/guides/x)** now")).toEqual([
      { kind: "text", text: "Send " },
      { kind: "code", text: "**not bold**" },
      { kind: "text", text: " to " },
      {
        kind: "strong",
        children: [{ kind: "link", href: "/docs/guides/x", children: [{ kind: "text", text: "the guide" }] }],
      },
      { kind: "text", text: " now" },
    ]);
  });

  it("keeps unmatched marks and HTML as text: nothing becomes markup it was not written as", () => {
    const inlines = parseInline("a * b ** c ` d [e] (f) <script>alert(1)</script>");
    expect(inlines).toEqual([{ kind: "text", text: "a * b ** c ` d [e] (f) <script>alert(1)</script>" }]);
    expect(plainText(parseInline("**Bold** `code` [link](/x)"))).toBe("Bold code link");
  });
});

/**
 * The little Markdown the OpenAPI document's descriptions use (paragraphs,
 * `- ` lists, **bold**, `code`, [links](href)), parsed into a tree the
 * reference renders as React elements: no HTML string is ever injected.
 */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "link"; href: string; children: Inline[] };

export type Block = { kind: "paragraph"; inlines: Inline[] } | { kind: "list"; items: Inline[][] };

const listItem = /^\s*[-*] +/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.replaceAll("\r\n", "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    if (lines.every((line, index) => listItem.test(line) || (index > 0 && /^\s{2,}\S/.test(line)))) {
      const items: string[] = [];
      for (const line of lines) {
        if (listItem.test(line)) items.push(line.replace(listItem, ""));
        else items[items.length - 1] += ` ${line.trim()}`;
      }
      blocks.push({ kind: "list", items: items.map(parseInline) });
    } else {
      blocks.push({ kind: "paragraph", inlines: parseInline(lines.map((line) => line.trim()).join(" ")) });
    }
  }
  return blocks;
}

/** Code first (nothing inside backticks is Markdown), then links and bold, left to right. */
export function parseInline(text: string): Inline[] {
  const inlines: Inline[] = [];
  let rest = text;
  let plain = "";
  const flush = () => {
    if (plain) inlines.push({ kind: "text", text: plain });
    plain = "";
  };
  while (rest.length > 0) {
    // Double backticks hold code that has a backtick in it.
    const code = /^`` ?(.+?) ?``/.exec(rest) ?? /^`([^`]+)`/.exec(rest);
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    const strong = /^\*\*(.+?)\*\*/.exec(rest);
    const match = code ?? link ?? strong;
    if (!match) {
      plain += rest[0];
      rest = rest.slice(1);
      continue;
    }
    flush();
    if (code) inlines.push({ kind: "code", text: code[1]! });
    else if (link) inlines.push({ kind: "link", href: link[2]!, children: parseInline(link[1]!) });
    else inlines.push({ kind: "strong", children: parseInline(strong![1]!) });
    rest = rest.slice(match[0].length);
  }
  flush();
  return inlines;
}

/** The text a reader sees, without the marks (for a page's meta description or a link's name). */
export function plainText(inlines: Inline[]): string {
  return inlines
    .map((inline) => (inline.kind === "text" || inline.kind === "code" ? inline.text : plainText(inline.children)))
    .join("");
}

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pickMessages, type ClientNamespace } from "@/lib/i18n/client-messages";
import en from "@/messages/en.json";
import { importClosure, sourceFiles } from "@/test/support/import-graph";

/**
 * Each section sends the browser only the catalogue's namespaces its client
 * components read (components/ui/client-messages-provider.tsx). A component
 * added to a page without its namespace would show keys instead of words, so
 * every page, layout and error boundary is checked here: the namespaces its
 * client components name in `useTranslations` (found through its imports)
 * are all sent by the innermost provider around it.
 */
const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const routeFiles = sourceFiles(root).filter((file) =>
  /^app\/(?:.*\/)?(?:page|layout|error|not-found)\.tsx$/.test(file),
);

/** The namespaces the client components among `files` read. */
function namespacesRead(files: readonly string[]): Set<string> {
  const read_ = new Set<string>();
  for (const file of files) {
    const text = read(file);
    if (!/^\s*["']use client["']/.test(text)) continue;
    for (const match of text.matchAll(/useTranslations\(\s*["'`]([A-Za-z]+)/g)) read_.add(match[1]!);
    // Without a namespace it reads the whole catalogue, which no provider sends: name the namespace instead.
    if (/useTranslations\(\s*\)/.test(text)) read_.add(`the whole catalogue (useTranslations() in ${file})`);
  }
  return read_;
}

/** What the providers written in `file` send, or undefined if it has none; the root layout's sends nothing. */
function namespacesSent(file: string): Set<string> | undefined {
  const text = read(file);
  const providers = [...text.matchAll(/<ClientMessagesProvider\s+namespaces=\{\[([^\]]*)\]\}/g)];
  if (providers.length > 0)
    return new Set(
      providers.flatMap((provider) => [...provider[1]!.matchAll(/"([A-Za-z]+)"/g)].map((name) => name[1]!)),
    );
  if (/<NextIntlClientProvider\s+messages=\{\{\}\}/.test(text)) return new Set();
  return undefined;
}

/** The innermost provider around a route file: its own, else the nearest layout's above it. */
function providerAround(file: string): { file: string; sent: Set<string> } {
  const own = namespacesSent(file);
  if (own) return { file, sent: own };
  for (let directory = path.dirname(file); ; directory = path.dirname(directory)) {
    const layout = path.join(directory, "layout.tsx");
    if (layout !== file && existsSync(path.join(root, layout))) {
      const sent = namespacesSent(layout);
      if (sent) return { file: layout, sent };
    }
    if (directory === "app" || directory === ".") throw new Error(`no provider above ${file}`);
  }
}

describe("the catalogue each page sends to the browser", () => {
  it("finds the route files and the namespaces their client components read", () => {
    expect(routeFiles).toContain("app/(portal)/shop/[productId]/checkout/page.tsx");
    expect(namespacesRead(importClosure(root, ["app/(portal)/shop/[productId]/checkout/page.tsx"]))).toEqual(
      new Set(["checkout", "testCards", "header", "forms", "formMessages"]),
    );
  });

  it.each(routeFiles)("%s: every namespace its client components read is sent", (file) => {
    const needed = namespacesRead(importClosure(root, [file]));
    const provider = providerAround(file);
    const missing = [...needed].filter((namespace) => !provider.sent.has(namespace));
    expect(missing, `read under ${file}, not sent by ${provider.file}`).toEqual([]);
  });

  it("names only namespaces the catalogue has, never the server-only sandbox banner", () => {
    for (const file of routeFiles)
      for (const namespace of namespacesSent(file) ?? []) {
        expect(Object.keys(en), file).toContain(namespace);
        expect(namespace).not.toBe("sandboxBanner");
      }
  });

  it("keeps a member page's frame to a small part of the catalogue", () => {
    const frame = [...namespacesSent("app/(portal)/layout.tsx")!] as ClientNamespace[];
    const sent = JSON.stringify(pickMessages(en, frame)).length;
    expect(sent).toBeLessThan(JSON.stringify(en).length / 4);
  });
});

describe("pickMessages", () => {
  it("sends the namespaces named, whole, and nothing else", () => {
    const picked = pickMessages(en, ["header", "forms"]);
    expect(Object.keys(picked).sort()).toEqual(["forms", "header"]);
    expect(picked.header).toEqual(en.header);
    expect(pickMessages(en, [])).toEqual({});
  });
});

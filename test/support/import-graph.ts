import { execFileSync } from "node:child_process";
import path from "node:path";
import ts from "typescript";

/** How one file names another: a value import, `import type`, `import()` (a value or a type query), a test's mock. */
export type ImportKind = "value" | "type" | "dynamic" | "type-query" | "require" | "mock";

export interface ImportEdge {
  from: string;
  to: string;
  kind: ImportKind;
  line: number;
}

const sourcePattern = /\.(ts|tsx|mts|cts|js|mjs)$/;

/** Every source file git knows of (tracked, or new and not ignored), outside dependencies and generated migrations. */
export function sourceFiles(root: string): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => sourcePattern.test(file) && !file.startsWith("node_modules/") && !file.includes("/migrations/"));
}

/**
 * The imports of each file between the project's own files, read from the syntax tree (so a type-only import,
 * an `export … from`, an `import()` and a type query `import("…").T` all count) and resolved as the compiler
 * resolves them (the tsconfig's `@/` alias, index files, extensions). An independent check of what ESLint's
 * rules enforce: it shares no code with eslint-plugin-import.
 */
export function importGraph(root: string, files = sourceFiles(root)): ImportEdge[] {
  const importsOf = importReader(root);
  return files.flatMap((file) => importsOf(file));
}

/**
 * Every project file `entries` reach through their imports (of any kind but
 * a test's mock), the entries included, sorted: what their code is made of.
 */
export function importClosure(root: string, entries: readonly string[]): string[] {
  const importsOf = importReader(root);
  const reached = new Set(entries);
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift())
    for (const edge of importsOf(file))
      if (edge.kind !== "mock" && !reached.has(edge.to)) {
        reached.add(edge.to);
        queue.push(edge.to);
      }
  return [...reached].sort();
}

/** The imports of one file (relative to `root`) between the project's own files, the tsconfig read once. */
function importReader(root: string): (file: string) => ImportEdge[] {
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config,
    ts.sys,
    root,
  );
  const host = ts.createCompilerHost(config.options);
  return (file) => {
    const edges: ImportEdge[] = [];
    if (!sourcePattern.test(file)) return edges;
    const text = ts.sys.readFile(path.join(root, file));
    if (text === undefined) return edges;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
    const add = (specifier: string, kind: ImportKind, node: ts.Node) => {
      const resolved = ts.resolveModuleName(specifier, path.join(root, file), config.options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) return;
      const to = path.relative(root, resolved.resolvedFileName);
      if (to.startsWith("..") || to.startsWith("node_modules")) return;
      edges.push({ from: file, to, kind, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, isTypeOnlyImport(node.importClause) ? "type" : "value", node);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly ? "type" : "value", node);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal;
        if (ts.isStringLiteral(literal)) add(literal.text, "type-query", node);
      } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        const specifier = node.arguments[0].text;
        const callee = node.expression;
        if (callee.kind === ts.SyntaxKind.ImportKeyword) add(specifier, "dynamic", node);
        else if (ts.isIdentifier(callee) && callee.text === "require") add(specifier, "require", node);
        else if (ts.isPropertyAccessExpression(callee) && ["mock", "doMock", "importActual"].includes(callee.name.text))
          add(specifier, "mock", node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return edges;
  };
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.(js|mjs)$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** `import type { A }` and `import { type A, type B }` bring in nothing that runs. */
function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** The circles: each strongly connected group of files (Tarjan), or a file importing itself. */
export function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (next.get(file) ?? []).includes(file)) circles.push(group.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) connect(file);
  return circles;
}

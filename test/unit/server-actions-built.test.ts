import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/import-graph";

/** The three configurations of the one builder, and what importing one looks like. */
const configurations: Record<string, string> = {
  memberAction: "server/portal/member-action",
  staffAction: "server/portal/staff/staff-action",
  developerAction: "server/loyalty/developers/developer-action",
};
const builder = "server/actions/server-action";

const directive = /^\s*["']use server["'];?\s*$/m;
const fileDirective = /^(?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*\s*["']use server["']/;

/** Whether a module imports `name` from one of the configurations (by alias or relative path). */
const importsConfiguration = (text: string) =>
  Object.entries(configurations).some(([name, path]) =>
    new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*["'][^"']*${path.split("/").at(-1)}["']`).test(text),
  );

/**
 * The files that hold server actions, and those that do not build them with the one builder: a file marked
 * "use server" must import a configuration of it; a file with an inline "use server" function must call
 * an action of such a file.
 */
function unbuilt(files: Array<{ file: string; text: string }>): string[] {
  const actionModules = files.filter(({ text }) => fileDirective.test(text));
  const built = new Set(actionModules.filter(({ text }) => importsConfiguration(text)).map(({ file }) => file));
  const inline = files.filter(({ text }) => !fileDirective.test(text) && directive.test(text));
  const callsBuiltAction = ({ text }: { text: string }) =>
    [...text.matchAll(/from\s*["']@\/([^"']+)["']/g)].some(([, imported]) =>
      [...built].some((file) => file.replace(/\.tsx?$/, "") === imported),
    );
  return [
    ...actionModules.filter(({ file }) => !built.has(file)).map(({ file }) => file),
    ...inline.filter((entry) => !callsBuiltAction(entry)).map(({ file }) => file),
  ];
}

describe("every server action goes through the one builder (server/actions/server-action.ts)", () => {
  const files = sourceFiles(process.cwd())
    .filter((file) => /^(app|components|lib|server|pages)\/.*\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(file, "utf8") }));

  it("finds the actions (a sanity check: no file found would pass everything)", () => {
    expect(files.filter(({ text }) => fileDirective.test(text)).length).toBeGreaterThan(15);
  });

  it("builds every action module with memberAction, staffAction or developerAction, and each of those with the builder", () => {
    expect(unbuilt(files)).toEqual([]);
    for (const configuration of Object.values(configurations))
      expect(readFileSync(`${configuration}.ts`, "utf8")).toMatch(new RegExp(`from "@/${builder}"`));
  });

  it("reports an action written without the builder, and an inline action that calls no built one (the reader is not blind)", () => {
    expect(
      unbuilt([
        {
          file: "server/portal/built-action.ts",
          text: '"use server";\nimport { memberAction } from "../member-action";',
        },
        { file: "server/portal/bare-action.ts", text: '"use server";\nexport async function bare() {}' },
        { file: "app/page.tsx", text: 'async function go() {\n  "use server";\n  await db.delete();\n}' },
        {
          file: "app/other/page.tsx",
          text: 'import { go } from "@/server/portal/built-action";\nasync function run() {\n  "use server";\n  await go();\n}',
        },
      ]),
    ).toEqual(["server/portal/bare-action.ts", "app/page.tsx"]);
  });
});

import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anchorOf, catalogueEntries, codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { scenarioCurl } from "@/lib/docs/errors/scenario-curl";
import { startApp, type RunningApp } from "../support/start-app";

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

/** The page's text as a reader copies it (entities decoded, tags dropped). */
function pageText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

describe("the error catalogue's X-Sandbox-Scenario curls, run as written against the running app", () => {
  it("shows one per entry an operation can answer, and each answers exactly its entry", async () => {
    // The catalogue loads one code per page: read them all.
    const pages = await Promise.all(
      documentedCodes.map(async (code) => (await fetch(`${app.origin}${codePagePath(code.code)}`)).text()),
    );
    const page = pageText(pages.join("\n"));
    const forced = catalogueEntries.flatMap((entry) => {
      const command = scenarioCurl(app.origin, entry);
      return command ? [{ entry, command }] : [];
    });
    expect(forced.length).toBe(catalogueEntries.length - 1); // RESOURCE_NOT_FOUND answers no operation
    for (const { entry, command } of forced) {
      expect(page, entry.name).toContain(command);
      const output = execFileSync("bash", ["-c", command.replace(/^curl -i /, "curl -sS -i ")], { encoding: "utf8" });
      const [head = "", body = ""] = output.split(/\r?\n\r?\n/);
      expect(head.split(" ")[1], entry.name).toBe(String(entry.status));
      expect(head.toLowerCase(), entry.name).toContain(`sandbox-scenario: ${entry.name.toLowerCase()}`);
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const error = ("error" in parsed ? parsed.error : parsed) as { code: string; developerLink: string };
      expect(error.code, entry.name).toBe(entry.code);
      expect(error.developerLink).toBe(`${app.origin}/docs/api/errors#${anchorOf(entry.code)}`);
    }
  });
});

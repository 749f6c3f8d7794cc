import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** An e2e file that starts a portal of its own configuration on port 3000 (and so stops the shared one). */
function startsItsOwnPortal(spec: TestSpecification): boolean {
  return spec.project.name === "e2e" && readFileSync(spec.moduleId, "utf8").includes("startPortal(");
}

/**
 * Vitest's order, except that the e2e files that need a portal of their own
 * run first: the shared portal (test/e2e/shared-run.ts) then starts once,
 * after them, rather than once more after each of them.
 */
export default class OwnPortalsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(startsItsOwnPortal), ...sorted.filter((spec) => !startsItsOwnPortal(spec))];
  }
}

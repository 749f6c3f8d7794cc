import { aroundEach } from "vitest";
import { withTestExpect } from "./page-expectations";

// Each e2e test runs with its own `expect` where the page helpers can reach it, so files may run their tests side
// by side (describe.concurrent) and still poll the page.
aroundEach(async (runTest, context) => withTestExpect(context.expect, runTest));

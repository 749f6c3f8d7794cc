import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor give up after one second by default: too soon on a busy two-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

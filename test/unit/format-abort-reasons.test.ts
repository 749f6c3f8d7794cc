import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { formatAbortReasons } from "@/server/observability/format-abort-reasons";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const plainAbort = AbortController.prototype.abort;

/**
 * What React's server renderer does at the end of a render: inside an
 * Immediate, abort a controller with a new Error, and keep the controller.
 * Resolves whether an Immediate that ran in the same turn, and is otherwise
 * unreachable, survives a full collection.
 */
async function neighbourSurvives(abort: (controller: AbortController, reason: Error) => void): Promise<boolean> {
  const kept: AbortController[] = [];
  const neighbour = new WeakRef(setImmediate(() => {}));
  await new Promise<void>((resolve) =>
    setImmediate(() => {
      const controller = new AbortController();
      abort(controller, new Error("This render completed successfully."));
      kept.push(controller);
      resolve();
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 10));
  collectGarbage();
  expect(kept[0]!.signal.reason).toBeInstanceOf(Error);
  return neighbour.deref() !== undefined;
}

describe("the reasons controllers are aborted with", () => {
  it("keep the Immediates of their turn alive unformatted, and let them go once formatted on abort", async () => {
    // The leak's mechanism, on this Node: the reason's unformatted frames reach the Immediate it was made in.
    expect(await neighbourSurvives((controller, reason) => plainAbort.call(controller, reason))).toBe(true);

    formatAbortReasons();
    expect(await neighbourSurvives((controller, reason) => controller.abort(reason))).toBe(false);
  });

  it("still abort with the reason given, its message and stack intact, and with none", () => {
    formatAbortReasons();
    const controller = new AbortController();
    const reason = new Error("done");
    controller.abort(reason);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(reason);
    expect(reason.stack).toContain("done");

    const withoutReason = new AbortController();
    withoutReason.abort();
    expect((withoutReason.signal.reason as DOMException).name).toBe("AbortError");
  });
});

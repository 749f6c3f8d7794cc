import { describe, expect, it } from "vitest";
import { sandboxTimeHeader } from "@/lib/contract/sandbox-time";
import { buildOpenApiDocument } from "@/lib/docs/openapi/build-document";
import { clockWithOffset, realClock, sandboxTimeHeaders } from "@/server/loyalty/sandbox-clock/sandbox-clock";

interface ResponseObject {
  headers?: Record<string, { description?: string; required?: boolean }>;
}

const document = buildOpenApiDocument("http://localhost:3000");
const responsesOf = (path: string, method: string) =>
  (document.paths?.[path] as Record<string, { responses: Record<string, ResponseObject> }>)[method]!.responses;

describe("the sandbox clock's header", () => {
  it("is described on every answer of every partner operation and token service, never required", () => {
    let counted = 0;
    // The login pages (A1, A3) answer HTML to the member's browser, and the document itself keeps no clock.
    const clocked = Object.entries(document.paths ?? {}).filter(
      ([path]) =>
        !path.startsWith("/oauth/auth/") && path !== "/partner-oauth/secure/code" && !path.endsWith("openapi.json"),
    );
    for (const [path, item] of clocked) {
      for (const method of Object.keys(item as object)) {
        for (const [status, response] of Object.entries(responsesOf(path, method))) {
          const header = response.headers?.[sandboxTimeHeader];
          expect(header, `${method} ${path} ${status}`).toBeDefined();
          expect(header?.required ?? false).toBe(false);
          expect(header?.description).toContain("moved forward");
          counted += 1;
        }
      }
    }
    expect(counted).toBeGreaterThan(50);
  });

  it("goes out only on a moved clock, with the sandbox's time", () => {
    expect(sandboxTimeHeaders(realClock)).toEqual({});
    const clock = clockWithOffset(25 * 3_600_000, () => Date.parse("2026-03-01T09:00:00.000Z"));
    expect(sandboxTimeHeaders(clock)).toEqual({ [sandboxTimeHeader]: "2026-03-02T10:00:00.000Z" });
  });
});

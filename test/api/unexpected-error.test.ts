import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { retrieveProgrammeList as listRoute } from "@/server/loyalty/operations/retrieve-programme";
import type { DatabaseHandle } from "@/server/db/connect";
import { installDatabase } from "@/server/loyalty/db/loyalty-database";
import { requestLog } from "@/server/loyalty/request-log/request-log-tables";
import { flushRequestLog } from "@/server/loyalty/request-log/request-log-buffer";
import { logger } from "@/server/observability/logger";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { createTestDatabase } from "../support/test-database";

const internals = "relation secret_internal_table at /srv/loyalty/db.ts:42";

describe("an unexpected exception", () => {
  let handle: DatabaseHandle;
  let outage = true;

  beforeAll(async () => {
    handle = await createTestDatabase();
    // A database whose every query fails, as during an outage (while `outage` holds).
    const failing = new Proxy(handle.db, {
      get(target, property, receiver) {
        if (property === "select" && outage) {
          return () => {
            throw new Error(internals);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    installDatabase({ ...handle, db: failing });
  });

  afterAll(async () => {
    await handle.close();
  });

  it("answers SYSTEM_UNAVAILABLE (wrapped) with a request id, logs the cause and shows no internals", async () => {
    const error = vi.spyOn(logger, "error");
    const answer = await callRoute(listRoute, { url: withKey("/api/v1/programmes"), params: { version: "v1" } });
    const body = expectServiceError(answer, { status: 503, code: "SYSTEM_UNAVAILABLE", shape: "wrapped" });
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(body.developerMessage).toContain(requestId);
    expect(answer.text).not.toContain("secret_internal_table");
    expect(answer.text).not.toContain("/srv/");
    const logged = error.mock.calls.find((call) => (call[0] as { requestId?: string }).requestId === requestId);
    expect(String((logged?.[0] as { err?: Error }).err?.message)).toContain("secret_internal_table");
  });

  it("is in the partner's request log under the request id the error gives", async () => {
    // The partner was looked up before the outage (the gateway remembers it a few seconds).
    outage = false;
    expect((await callRoute(listRoute, { url: withKey("/api/v1/programmes"), params: { version: "v1" } })).status).toBe(
      200,
    );
    outage = true;
    const answer = await callRoute(listRoute, { url: withKey("/api/v1/programmes"), params: { version: "v1" } });
    expect(answer.status).toBe(503);
    const requestId = answer.headers.get("x-request-id")!;
    await flushRequestLog();
    const rows = await handle.db.select().from(requestLog).where(eq(requestLog.requestId, requestId));
    expect(rows).toMatchObject([{ status: 503, errorCode: "SYSTEM_UNAVAILABLE", operation: "retrieve-programme" }]);
  });
});

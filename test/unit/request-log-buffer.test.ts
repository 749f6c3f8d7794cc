import { describe, expect, it, vi } from "vitest";
import type { Database } from "@/server/db/connect";
import {
  bufferRequestLogRow,
  flushRequestLog,
  flushIntervalMs,
  type RequestLogRow,
} from "@/server/loyalty/request-log/request-log-buffer";

function row(index: number): RequestLogRow {
  return {
    partnerId: 1,
    environment: "staging",
    requestId: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    operation: "debit-currency",
    method: "POST",
    path: "/api/v1/programmes/NORTHSTAR/accounts/1/debit-transaction-requests",
    status: 201,
    durationMs: 4.5,
    requestedAt: new Date(),
  };
}

function fakeDatabase(execute: () => Promise<unknown>): { db: Database; execute: ReturnType<typeof vi.fn> } {
  const spy = vi.fn(execute);
  return { db: { execute: spy } as unknown as Database, execute: spy };
}

describe("the request log's buffer", () => {
  it("writes a second's requests in one statement, and tells only the first row of a batch when it is written", async () => {
    const { db, execute } = fakeDatabase(async () => ({ rows: [] }));
    const first = bufferRequestLogRow(db, row(0));
    expect(first).toBeInstanceOf(Promise);
    for (let index = 1; index < 250; index++) expect(bufferRequestLogRow(db, row(index))).toBeUndefined();
    expect(execute).not.toHaveBeenCalled();
    await flushRequestLog();
    expect(execute).toHaveBeenCalledTimes(1);
    await expect(first).resolves.toBeUndefined();
    // The next row opens a new batch.
    expect(bufferRequestLogRow(db, row(250))).toBeInstanceOf(Promise);
    await flushRequestLog();
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it("flushes on its own after the interval", async () => {
    vi.useFakeTimers();
    try {
      const { db, execute } = fakeDatabase(async () => ({ rows: [] }));
      const written = bufferRequestLogRow(db, row(1));
      await vi.advanceTimersByTimeAsync(flushIntervalMs - 10);
      expect(execute).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(20);
      await written;
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("loses a failed batch without failing anyone", async () => {
    const { db, execute } = fakeDatabase(async () => {
      throw new Error("database down");
    });
    const written = bufferRequestLogRow(db, row(1));
    await expect(flushRequestLog()).resolves.toBeUndefined();
    await expect(written).resolves.toBeUndefined();
    expect(execute).toHaveBeenCalledTimes(1);
  });
});

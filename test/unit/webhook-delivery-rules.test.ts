import { describe, expect, it } from "vitest";
import { eventTypes } from "@/lib/contract/webhook-events";
import { buildOpenApiDocument } from "@/lib/docs/openapi/build-document";
import { isPublicAddress } from "@/server/http/egress-policy";
import { nextRetryDelayMs, parseRetryAfter } from "@/server/loyalty/events/delivery/retry-schedule";

const policy = { scheduleSeconds: [5, 15, 30], jitter: 0.2 };

describe("the retry schedule", () => {
  it("waits each step of the schedule plus at most the jitter, then gives up", () => {
    expect(nextRetryDelayMs(policy, 1, { status: 500 }, () => 0)).toBe(5_000);
    expect(nextRetryDelayMs(policy, 2, { status: 500 }, () => 0.999)).toBe(Math.round(15_000 * (1 + 0.2 * 0.999)));
    expect(nextRetryDelayMs(policy, 3, {}, () => 0.5)).toBe(33_000);
    expect(nextRetryDelayMs(policy, 4, { status: 500 }, () => 0)).toBeUndefined();
  });

  it("slows down after 429, 502 and 504: twice the step, or Retry-After when longer (capped at an hour)", () => {
    for (const status of [429, 502, 504]) expect(nextRetryDelayMs(policy, 1, { status }, () => 0)).toBe(10_000);
    expect(nextRetryDelayMs(policy, 1, { status: 429, retryAfterSeconds: 120 }, () => 0)).toBe(120_000);
    expect(nextRetryDelayMs(policy, 1, { status: 429, retryAfterSeconds: 99_999 }, () => 0)).toBe(3_600_000);
    expect(nextRetryDelayMs(policy, 1, { status: 503, retryAfterSeconds: 120 }, () => 0)).toBe(5_000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = new Date("2026-03-01T10:00:00Z");
    expect(parseRetryAfter("30", now)).toBe(30);
    expect(parseRetryAfter("Sun, 01 Mar 2026 10:01:00 GMT", now)).toBe(60);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe("where events may be posted", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])("allows %s", (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe("the OpenAPI document's webhooks", () => {
  it("describes every event type as a POST with the Standard Webhooks headers", () => {
    const document = buildOpenApiDocument("http://localhost:3000") as {
      webhooks?: Record<string, { post?: { parameters?: { name: string }[]; requestBody?: unknown } }>;
      components?: { schemas?: Record<string, unknown> };
    };
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...eventTypes].sort());
    for (const type of eventTypes) {
      const post = document.webhooks![type]!.post!;
      expect(post.parameters!.map((parameter) => parameter.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      const reference = /"\$ref":"#\/components\/schemas\/([^"]+)"/.exec(JSON.stringify(post.requestBody))?.[1];
      const schema = JSON.stringify(document.components?.schemas?.[reference ?? ""]);
      expect(schema).toContain(`"const":"${type}"`);
    }
  });
});

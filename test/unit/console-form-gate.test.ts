import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleFormBusyText } from "@/lib/forms/console-busy";
import { socketAddressHeader } from "@/server/http/client-address";
import {
  consoleFormRetryAfterSeconds,
  createConsoleFormGate,
  type ConsoleFormLimits,
} from "@/server/http/console-form-admission";
import { GateResponse } from "../support/gate-response";

function post(address: string, path = "/developers/login", extra: Record<string, string> = {}) {
  const request = Object.assign(new EventEmitter(), {
    method: "POST",
    url: path,
    headers: { [socketAddressHeader()]: address, ...extra } as Record<string, string>,
    resume: vi.fn(),
  });
  return { request: request as unknown as IncomingMessage, response: new GateResponse(), resume: request.resume };
}

const limits = (overrides: Partial<ConsoleFormLimits> = {}): ConsoleFormLimits => ({
  inFlight: 2,
  inFlightPerAddress: 1,
  waitingPerAddress: 2,
  waiting: 10,
  maxWaitMs: 1_000,
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the gate in front of the public console forms", () => {
  it("works on one post per address at a time, lets a few wait their turn in order, and sheds the rest at once", () => {
    const gate = createConsoleFormGate(() => limits());
    const started: number[] = [];
    const posts = Array.from({ length: 5 }, () => post("203.0.113.9"));
    const decisions = posts.map((one, index) =>
      gate.admit(one.request, one.response as unknown as ServerResponse, () => started.push(index)),
    );
    expect(decisions).toEqual(["now", "later", "later", "shed", "shed"]);
    for (const shed of posts.slice(3)) {
      expect(shed.response.status).toBe(503);
      expect(shed.response.headers["Retry-After"]).toBe(String(consoleFormRetryAfterSeconds));
      expect(shed.response.body).toContain(consoleFormBusyText);
      expect(shed.resume).toHaveBeenCalled();
    }
    expect(gate.activity()).toEqual({ inFlight: 1, waiting: 2, shed: 2 });

    posts[0]!.response.finish();
    expect(started).toEqual([1]);
    posts[1]!.response.finish();
    expect(started).toEqual([1, 2]);
    posts[2]!.response.finish();
    expect(gate.activity()).toEqual({ inFlight: 0, waiting: 0, shed: 2 });
  });

  it("lets another address in at once while one address's posts wait, up to the posts in flight in all", () => {
    const gate = createConsoleFormGate(() => limits());
    const flood = [post("203.0.113.9"), post("203.0.113.9")];
    expect(flood.map((one) => gate.admit(one.request, one.response as unknown as ServerResponse, () => {}))).toEqual([
      "now",
      "later",
    ]);
    const developer = post("198.51.100.77");
    expect(gate.admit(developer.request, developer.response as unknown as ServerResponse, () => {})).toBe("now");
    // Two in flight, the process's share: a third address waits.
    const third = post("192.0.2.3");
    const started = vi.fn();
    expect(gate.admit(third.request, third.response as unknown as ServerResponse, started)).toBe("later");
    developer.response.finish();
    // The flood's waiting post still waits for its own address's turn; the third address goes first.
    expect(started).toHaveBeenCalledOnce();
  });

  it("answers busy a post that waited too long", async () => {
    vi.useFakeTimers();
    const gate = createConsoleFormGate(() => limits({ maxWaitMs: 300 }));
    const first = post("203.0.113.9");
    const second = post("203.0.113.9");
    const started = vi.fn();
    gate.admit(first.request, first.response as unknown as ServerResponse, () => {});
    expect(gate.admit(second.request, second.response as unknown as ServerResponse, started)).toBe("later");
    await vi.advanceTimersByTimeAsync(300);
    expect(second.response.status).toBe(503);
    first.response.finish();
    expect(started).not.toHaveBeenCalled();
    expect(gate.activity()).toEqual({ inFlight: 0, waiting: 0, shed: 1 });
  });

  it("tells a post sent by the page's script in plain text, which the console's error page shows as it is", () => {
    const gate = createConsoleFormGate(() => limits({ waitingPerAddress: 0 }));
    const first = post("203.0.113.9");
    gate.admit(first.request, first.response as unknown as ServerResponse, () => {});
    const byScript = post("203.0.113.9", "/staff/login", { "next-action": "7f00" });
    expect(gate.admit(byScript.request, byScript.response as unknown as ServerResponse, () => {})).toBe("shed");
    expect(byScript.response.headers["Content-Type"]).toBe("text/plain");
    expect(byScript.response.body).toBe(consoleFormBusyText);
  });

  it("lets every other request through untouched: other paths, other methods, the console's other pages", () => {
    const gate = createConsoleFormGate(() => limits({ inFlight: 1, waiting: 0, waitingPerAddress: 0 }));
    const held = post("203.0.113.9", "/developers/signup");
    expect(gate.admit(held.request, held.response as unknown as ServerResponse, () => {})).toBe("now");
    for (const path of ["/developers", "/developers/requests", "/developers/loginx", "/oauth/auth/login", "/login"]) {
      const other = post("203.0.113.9", path);
      expect(
        gate.admit(other.request, other.response as unknown as ServerResponse, () => {}),
        path,
      ).toBe("now");
    }
    const page = post("203.0.113.9");
    (page.request as { method: string }).method = "GET";
    expect(gate.admit(page.request, page.response as unknown as ServerResponse, () => {})).toBe("now");
    const withQuery = post("198.51.100.1", "/staff/login?next=%2Fstaff");
    expect(gate.admit(withQuery.request, withQuery.response as unknown as ServerResponse, () => {})).toBe("shed");
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { drainHttpServers, isDraining, trackHttpServers } from "@/server/shutdown/track-http-servers";

type Outcome = { status: number; connection: string | undefined; body: string } | { error: string };

/** One POST over `agent`: its complete answer, or the error its connection ended in. */
function post(port: number, agent: http.Agent, path = "/"): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request({ port, path, method: "POST", agent }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () =>
        resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
      );
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    request.end("{}");
  });
}

/** A server answering after `delay` ms (or the `?ms=` a request asks for), busy 2 ms of the event loop each. */
function startServer(): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((request, response) => {
    const ms = Number(new URL(request.url!, "http://x").searchParams.get("ms") ?? 5);
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        const busyUntil = Date.now() + 2;
        while (Date.now() < busyUntil);
        response.setHeader("Content-Type", "application/json");
        response.end('{"ok":true}');
      }, ms),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

beforeAll(() => trackHttpServers());

describe("draining the HTTP servers when the process stops", () => {
  const agents: http.Agent[] = [];
  afterAll(() => agents.forEach((agent) => agent.destroy()));

  it("answers every request it read under keep-alive load, closing each connection after, and resets none", async () => {
    const { port } = await startServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    agents.push(agent);
    const outcomes: Outcome[] = [];
    const lastAnswers = new Map<number, Outcome>();
    const clients = Array.from({ length: 32 }, async (_, client) => {
      for (;;) {
        const outcome = await post(port, agent);
        outcomes.push(outcome);
        if ("error" in outcome) return;
        lastAnswers.set(client, outcome);
      }
    });
    // Every client's connection accepted and in use (one in the listener's queue would be reset when it closes).
    await vi.waitFor(() => expect(lastAnswers.size).toBe(32), { timeout: 10_000 });
    const answeredBefore = outcomes.length;
    expect(await drainHttpServers(Date.now() + 10_000)).toBe(true);
    await Promise.all(clients);

    expect(isDraining()).toBe(true);
    const errors = outcomes.flatMap((outcome) => ("error" in outcome ? [outcome.error] : []));
    // Each client ends on a refused connection: a new one, after its last answer closed the old. None was reset.
    expect(errors).toEqual(Array.from({ length: 32 }, () => "ECONNREFUSED"));
    // The requests in flight when the drain began were answered, completely, and the last answer on each
    // connection told its client to go elsewhere.
    expect(outcomes.length - errors.length).toBeGreaterThan(answeredBefore);
    for (const outcome of outcomes.filter((outcome) => !("error" in outcome)))
      expect(outcome).toMatchObject({ status: 200, body: '{"ok":true}' });
    for (const outcome of lastAnswers.values()) expect(outcome).toMatchObject({ connection: "close" });
  });

  it("closes idle keep-alive connections soon, and cuts off at the deadline what is still running", async () => {
    const { port } = await startServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    agents.push(agent);
    // One connection left idle in the agent's pool, one busy with a request longer than the grace.
    await post(port, agent);
    const slow = post(port, agent, "/?ms=5000");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const began = Date.now();
    expect(await drainHttpServers(Date.now() + 600)).toBe(false);
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(await slow).toMatchObject({ error: expect.stringMatching(/ECONNRESET|socket hang up/) });
  });
});

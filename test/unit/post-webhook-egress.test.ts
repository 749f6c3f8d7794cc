import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { egressRefusedCode, publicOnlyAgent } from "@/server/http/public-only-agent";
import { postWebhook } from "@/server/loyalty/events/delivery/post-webhook";

/** A local server that answers with something a refused post must never show, and counts what reaches it. */
let server: http.Server;
let port = 0;
const seen = { connections: 0, bytes: 0, requests: [] as string[] };
const secretAnswer = "internal-service-secret-answer";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.requests.push(request.url ?? "");
    response.end(secretAnswer);
  });
  server.on("connection", (socket) => {
    seen.connections += 1;
    socket.on("data", (chunk: Buffer) => (seen.bytes += chunk.length));
  });
  // An IPv6 socket dialling ::ffff:127.0.0.1 reaches it too (IPv4-mapped).
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const quiet = () => new Promise((resolve) => setTimeout(resolve, 100));
const post = (url: string, allowPrivate = false) =>
  postWebhook(url, { "webhook-id": "evt_test" }, "{}", { timeoutMs: 3_000, allowPrivate, userAgent: "test" });

describe("posting a webhook with private targets off", () => {
  it.each([
    "http://[::ffff:127.0.0.1]:PORT/hooks",
    "http://[::ffff:7f00:1]:PORT/hooks",
    "http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/hooks",
    "http://127.0.0.1:PORT/hooks",
    "http://2130706433:PORT/hooks",
    "http://0x7f.1:PORT/hooks",
    "http://[::1]:PORT/hooks",
    "http://localhost:PORT/hooks",
    "http://LOCALHOST.:PORT/hooks",
  ])("refuses %s: the local server receives nothing, and the log says why in words", async (template) => {
    const before = { ...seen, requests: [...seen.requests] };
    const outcome = await post(template.replace("PORT", String(port)));
    await quiet();
    expect(outcome.status).toBeUndefined();
    expect(outcome.excerpt).toMatch(/^Not sent: the address is on a private, loopback or reserved network/);
    expect(outcome.excerpt).not.toContain(secretAnswer);
    expect(seen.requests).toEqual(before.requests);
    expect(seen.bytes).toBe(before.bytes);
  });

  it("reaches the same server when private targets are allowed (what the refusals above are measured against)", async () => {
    const outcome = await post(`http://[::ffff:127.0.0.1]:${port}/allowed`, true);
    expect(outcome).toMatchObject({ status: 200, excerpt: secretAnswer });
    expect(seen.requests).toContain("/allowed");
  });
});

describe("the socket-level checks (publicOnlyAgent), with nothing judged before them", () => {
  async function requestThrough(host: string) {
    let refused = false;
    const agent = publicOnlyAgent("http:", () => (refused = true));
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const request = http.request({ host, port, method: "POST", path: "/socket-level", agent }, (response) => {
        response.resume();
        resolve(undefined);
      });
      request.on("error", resolve);
      request.end("{}");
    });
    agent.destroy();
    await quiet();
    return { refused, code: error?.code };
  }

  it("refuses an IP literal on the socket's connect event, before a byte is written", async () => {
    const before = { connections: seen.connections, bytes: seen.bytes };
    expect(await requestThrough("127.0.0.1")).toEqual({ refused: true, code: egressRefusedCode });
    // The TCP handshake happened (the address was dialled), and nothing was sent on it.
    expect(seen.connections).toBe(before.connections + 1);
    expect(seen.bytes).toBe(before.bytes);
    expect(seen.requests).not.toContain("/socket-level");
  });

  it("refuses a name at its lookup, before dialling the private address it resolves to", async () => {
    const before = seen.connections;
    expect(await requestThrough("localhost")).toEqual({ refused: true, code: egressRefusedCode });
    expect(seen.connections).toBe(before);
  });
});

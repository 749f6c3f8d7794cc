import { readdirSync, readFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import type { PartnerEndpoint } from "@/server/loyalty/http/partner-operation";
import { partnerApiRoute } from "@/server/loyalty/http/pages-api-route";
import { withHeaders, type PartnerReply } from "@/server/loyalty/http/partner-request";

/** What the endpoint saw of each request, and the body it read within 16 bytes. */
const seen: { method: string; url: string; accept: string | null; params: unknown; body: string }[] = [];
const echo: PartnerEndpoint = {
  async serve(request, params): Promise<PartnerReply> {
    const body = await request.readBody(16);
    seen.push({
      method: request.method,
      url: request.url,
      accept: request.headers.get("ACCEPT"),
      params,
      body: body.ok ? Buffer.from(body.bytes).toString("utf8") : "too-large",
    });
    if (request.method === "DELETE") return { status: 204, headers: { "X-Request-Id": "r-2" }, body: null };
    return { status: 201, headers: { "Content-Type": "application/json", "X-Request-Id": "r-1" }, body: '{"ok":true}' };
  },
};

let server: Server;
let port: number;

/** The public origin partners reach the API on, unlike the address this test's server listens on. */
const publicOrigin = "https://loyalty.example";

beforeAll(async () => {
  vi.stubEnv("APP_ORIGIN", `${publicOrigin}/`);
  resetEnvironmentCache();
  const route = partnerApiRoute(echo, ["version", "accountIdentifier"]);
  // As Next.js calls a Pages Router API route: its query holds the segments merged over the query string's values.
  server = createServer((incoming, outgoing) => {
    const query = { version: "v1", accountIdentifier: "3081", api_key: "k" };
    void route(Object.assign(incoming, { query }), outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  vi.unstubAllEnvs();
  resetEnvironmentCache();
});

/** A raw request, so the body can be streamed in chunks with no declared length. */
function send(method: string, path: string, chunks: string[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (answer) => {
      let body = "";
      answer.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
    });
    outgoing.on("error", reject);
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

describe("a partner operation as a Pages Router API route", () => {
  it("hands the operation the method, the absolute URL, headers by any case and only the route's segments", async () => {
    const answer = await send("POST", "/api/v1/accounts/3081?api_key=k", ['{"a":1}'], {
      Accept: "application/json",
      "Content-Type": "application/json",
      Host: "attacker.example",
    });
    expect(answer).toMatchObject({ status: 201, body: '{"ok":true}' });
    expect(answer.headers).toMatchObject({ "content-type": "application/json", "x-request-id": "r-1" });
    expect(seen.at(-1)).toEqual({
      method: "POST",
      // On the public origin (APP_ORIGIN), neither the Host header's nor the address the server listens on.
      url: `${publicOrigin}/api/v1/accounts/3081?api_key=k`,
      accept: "application/json",
      params: { version: "v1", accountIdentifier: "3081" },
      body: '{"a":1}',
    });
  });

  it("takes only the path and query from the request line, so no request target changes the origin", async () => {
    const targets: [asked: string, url: string][] = [
      ["//attacker.example/api/v1/x?q=1", `${publicOrigin}//attacker.example/api/v1/x?q=1`],
      ["http://attacker.example/api/v1/x?q=1", `${publicOrigin}/api/v1/x?q=1`],
      ["/@attacker.example/api/v1/x", `${publicOrigin}/@attacker.example/api/v1/x`],
    ];
    for (const [asked, url] of targets) {
      await send("GET", asked, []);
      expect(new URL(String(seen.at(-1)?.url)).origin, asked).toBe(publicOrigin);
      expect(seen.at(-1)?.url, asked).toBe(url);
    }
  });

  it("counts a streamed body with no declared length against the limit, and refuses a declared one unread", async () => {
    await send("POST", "/api/v1/x", ["0123456789", "0123456789"], { "Transfer-Encoding": "chunked" });
    expect(seen.at(-1)?.body).toBe("too-large");
    await send("POST", "/api/v1/x", ["0123456789", "0123456789"], { "Content-Length": "20" });
    expect(seen.at(-1)?.body).toBe("too-large");
    await send("POST", "/api/v1/x", ["0123456789", "012345"], { "Transfer-Encoding": "chunked" });
    expect(seen.at(-1)?.body).toBe("0123456789012345");
  });

  it("writes an empty answer with no body", async () => {
    const answer = await send("DELETE", "/api/v1/x", []);
    expect(answer).toMatchObject({ status: 204, body: "" });
    expect(answer.headers["x-request-id"]).toBe("r-2");
    expect(answer.headers["content-type"]).toBeUndefined();
  });
});

describe("the partner API's route files", () => {
  it("each name their dynamic segments as their path does, in order (a catch-all's path is not an operation's)", () => {
    const files = readdirSync("pages/api", { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const fromPath = [...file.matchAll(/\[([A-Za-z]+)\]/g)].map((match) => match[1]);
      const named = /partnerApiRoute\(\w+(?:, \[([^\]]*)\])?\)/.exec(
        readFileSync(path.join("pages/api", file), "utf8"),
      );
      expect(named, file).not.toBeNull();
      const segments = [...(named![1] ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1]);
      // The not-found routes (catch-alls) read no segment at all.
      expect(segments, file).toEqual(file.includes("...") ? [] : fromPath);
    }
  });
});

describe("withHeaders", () => {
  it("replaces a header of the same name in any case, as Headers.set does, and keeps the others", () => {
    const reply = { status: 429, headers: { "retry-after": "5", "X-Request-Id": "r" }, body: null };
    expect(withHeaders(reply, { "Retry-After": "1" }).headers).toEqual({ "X-Request-Id": "r", "Retry-After": "1" });
    expect(withHeaders(reply, {})).toBe(reply);
  });
});

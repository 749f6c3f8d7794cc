import http from "node:http";
import https from "node:https";
import { judgeHost } from "@/server/http/egress-policy";
import { egressRefusedCode, egressRefusedError, publicOnlyAgent } from "@/server/http/public-only-agent";

export interface PostOutcome {
  /** The HTTP status, or undefined when no answer came. */
  status?: number;
  retryAfter?: string;
  /** The first characters of the body, or why no answer came. */
  excerpt: string;
  latencyMs: number;
}

const excerptLength = 500;
const maxBodyRead = 4_096;

/**
 * Posts one attempt, never inside a database transaction, and the whole
 * exchange ends after timeoutMs. Redirects are not followed. Unless private
 * targets are allowed, the egress policy (server/http/egress-policy.ts)
 * judges the target where egress proxies such as Stripe's smokescreen do:
 * the URL's host before anything is dialled, then every resolved address
 * and the socket's remote address (publicOnlyAgent). A refused target
 * never gets the post, and nothing it could answer is read: the log says
 * why in the developer's words.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean; userAgent: string },
): Promise<PostOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const guarded = !options.allowPrivate;
  if (guarded && judgeHost(target.hostname) === "refused") {
    return Promise.resolve({ excerpt: describeNetworkError(egressRefusedError()), latencyMs: latency() });
  }
  let refusedAtConnect = false;
  const agent = guarded
    ? publicOnlyAgent(target.protocol, () => (refusedAtConnect = true))
    : new (target.protocol === "https:" ? https : http).Agent({ keepAlive: false });
  const client = target.protocol === "https:" ? https : http;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      agent.destroy();
      resolve({ ...outcome, latencyMs: latency() });
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body).toString(),
          "user-agent": options.userAgent,
        },
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          if (read < maxBodyRead) chunks.push(chunk);
          read += chunk.length;
          if (read >= maxBodyRead) response.destroy();
        });
        const done = () =>
          finish({
            status: response.statusCode,
            retryAfter: response.headers["retry-after"],
            excerpt: Buffer.concat(chunks).toString("utf8").slice(0, excerptLength),
          });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ excerpt: `No answer within ${options.timeoutMs} ms.` });
    }, options.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      finish({ excerpt: describeNetworkError(refusedAtConnect ? egressRefusedError() : error) });
    });
    request.end(body);
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case egressRefusedCode:
      return "Not sent: the address is on a private, loopback or reserved network, which the sandbox does not post to. Use a public address, or a tunnel to your machine.";
    case "ENOTFOUND":
      return "Not sent: the host name does not resolve.";
    case "ECONNREFUSED":
      return "The connection was refused.";
    case "ECONNRESET":
      return "The connection was reset before an answer came.";
    default:
      return `Network error (${error.code ?? "unknown"}).`;
  }
}

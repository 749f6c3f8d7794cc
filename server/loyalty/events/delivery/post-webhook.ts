import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateAddress } from "../delivery-address-policy";

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
 * Posts one attempt, never inside a database transaction. The socket
 * connects only to an address the policy allows (checked on the resolved
 * address itself, so a DNS answer cannot swap in a private one), and the
 * whole exchange ends after timeoutMs. Redirects are not followed.
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
  const client = target.protocol === "https:" ? https : http;
  const checkedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = !options.allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address));
      if (refused || addresses.length === 0) {
        return callback(Object.assign(new Error("address not allowed"), { code: "EADDRNOTALLOWED" }), "", 0);
      }
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
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
        lookup: checkedLookup,
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
      finish({ excerpt: describeNetworkError(error) });
    });
    request.end(body);
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "EADDRNOTALLOWED":
      return "Not sent: the address resolves to a private or loopback network, which the sandbox does not post to.";
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

import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (this process's clock). */
  at: number;
}

/**
 * A partner's server for tests: records every post and answers with the
 * next status of `answers` (the last one repeats; 200 by default), after
 * `delayMs` when given (a slow partner, to kill a worker mid-post).
 */
export async function startWebhookReceiver(options: { answers?: number[]; delayMs?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let answered = 0;
  const answers = [...(options.answers ?? [200])];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      received.push({
        id: String(request.headers["webhook-id"]),
        timestamp: String(request.headers["webhook-timestamp"]),
        signature: String(request.headers["webhook-signature"]),
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      const answer = () => {
        response.statusCode = status;
        response.end(status >= 400 ? `refused with ${status}` : "ok");
        answered += 1;
      };
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Posts received but not answered yet (a slow partner keeps the sender waiting). */
    waiting: () => received.length - answered,
    /** Verifies a received post as a partner would, with the standardwebhooks package; throws when it does not hold. */
    verify(secret: string, webhook: ReceivedWebhook, body = webhook.body): unknown {
      return new Webhook(secret).verify(body, {
        "webhook-id": webhook.id,
        "webhook-timestamp": webhook.timestamp,
        "webhook-signature": webhook.signature,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `condition` holds, polling; throws after `timeoutMs`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = "condition") {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyPageText } from "@/lib/i18n/busy-page-text";
import { Scrape } from "../support/prometheus-text";
import { startApp, type RunningApp } from "../support/start-app";

/** One GET on a connection of its own, as many visitors arriving at once make them. */
function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (answer) => {
        let body = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (body += chunk));
        answer.on("end", () =>
          resolve({ status: answer.statusCode ?? 0, retryAfter: answer.headers["retry-after"], body }),
        );
      })
      .on("error", reject);
  });
}

async function busyAnswers(origin: string): Promise<number> {
  const scrape = new Scrape(await (await fetch(`${origin}/metrics`)).text());
  return scrape.value("loyalty_platform_page_renders_busy_total", { lane: "pages" });
}

/**
 * The line in front of the page renders (server/http/page-render-admission.ts)
 * in the real server, made as short as it goes: one render at a time and
 * none waiting, so a crowd arriving together is mostly answered busy.
 */
describe("page renders under a crowd", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp({ PAGE_RENDERS_IN_FLIGHT: "1", PAGE_RENDERS_WAITING: "0" });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("answers the renders beyond the line busy in the reader's language, keeps the login page open, and counts them", async () => {
    const before = await busyAnswers(app.origin);
    const crowd = Array.from({ length: 60 }, () =>
      getOnNewConnection(`${app.origin}/?from=crowd`, { "Accept-Language": "es-ES,es;q=0.9" }),
    );
    const login = getOnNewConnection(`${app.origin}/login`);
    const answers = await Promise.all(crowd);

    const statuses = answers.map((answer) => answer.status);
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    const busy = answers.filter((answer) => answer.status === 503);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe("5");
      expect(answer.body).toContain(busyPageText.es.title);
      expect(answer.body).not.toContain("crowd");
    }
    // The sign-in pages' line is its own: the crowd on the home page does not turn the login page away.
    expect((await login).status).toBe(200);
    // The APIs the pages call back into never wait in the pages' line.
    expect((await getOnNewConnection(`${app.origin}/api/health`)).status).toBe(200);

    expect((await busyAnswers(app.origin)) - before).toBe(busy.length);
  });
});

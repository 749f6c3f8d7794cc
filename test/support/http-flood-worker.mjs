// A flood of identical HTTP posts, sent from a worker thread of its own: the sending takes its own event loop,
// so the test's other requests (the member's login being measured) leave at once instead of waiting behind it,
// as they would from another machine. Every post goes out at once, each on a connection of its own.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ url: string; count: number; forms: Array<{ body: ArrayBuffer; type: string }>; headers: Record<string, string> }} */
const { url, count, forms, headers } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function send(index) {
  const form = forms[index % forms.length];
  const body = Buffer.from(form.body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: "POST",
        headers: { ...headers, "Content-Type": form.type, "Content-Length": String(body.length) },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const setCookie = response.headers["set-cookie"] ?? [];
          resolve({
            status: response.statusCode,
            retryAfter: response.headers["retry-after"] ?? null,
            location: response.headers.location ?? null,
            cookies: Array.isArray(setCookie) ? setCookie : [setCookie],
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    request.on("error", (error) =>
      resolve({ status: 0, retryAfter: null, location: null, cookies: [], text: String(error) }),
    );
    request.end(body);
  });
}

let answered = 0;
const answers = await Promise.all(
  Array.from({ length: count }, (_, index) =>
    send(index).then((answer) => {
      answered += 1;
      parentPort.postMessage({ kind: "answered", answered });
      return answer;
    }),
  ),
);
parentPort.postMessage({ kind: "done", answers });

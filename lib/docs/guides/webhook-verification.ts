/**
 * The events guide's Node.js receiver, shown as written and run by
 * test/unit/webhook-guide.test.ts against signed posts.
 */
export const nodeReceiverExample = `import { createServer } from "node:http";
import { Webhook } from "standardwebhooks"; // npm install standardwebhooks

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // whsec_… from the developer console
const handled = new Set(); // keep event ids in your database, with a unique index

createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    // Verify the raw body exactly as received: parsing and re-serialising breaks the signature.
    const body = Buffer.concat(chunks).toString("utf8");
    let event;
    try {
      event = webhook.verify(body, request.headers); // checks the signature and the timestamp (5 minutes)
    } catch {
      response.writeHead(400).end();
      return;
    }
    const id = request.headers["webhook-id"]; // the same on every retry and replay
    if (!handled.has(id)) {
      handled.add(id);
      console.log(id, event.type, JSON.stringify(event.data));
    }
    response.writeHead(204).end(); // answer fast; do slow work after
  });
}).listen(Number(process.env.PORT ?? 8080));
`;

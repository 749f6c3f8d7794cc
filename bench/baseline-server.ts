import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { Pool } from "pg";
import { bareDebit } from "./bare-debit.mjs";

/**
 * The baseline of the debit benchmark: the debit's SQL statement
 * (bench/bare-debit.mjs) behind a bare node:http server and node-postgres,
 * with nothing else: no validation, no tokens, no logging.
 * Usage: tsx bench/baseline-server.ts <port> <database-url> <partner-id>; each body names its account.
 */
const [port, databaseUrl, partnerId] = process.argv.slice(2);
const pool = new Pool({ connectionString: databaseUrl, max: 10 });
// The benchmark drops its database at the end; the idle connections then fail, harmlessly.
pool.on("error", () => undefined);

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as { id?: string; accountId?: number };
    bareDebit(pool, {
      accountId: body.accountId ?? 0,
      externalId: body.id ?? randomBytes(8).toString("hex"),
      partnerId: partnerId ?? "",
    })
      .then((ok) => {
        response.writeHead(ok ? 201 : 400, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ ok }));
      })
      .catch(() => {
        response.writeHead(500);
        response.end();
      });
  });
}).listen(Number(port), "127.0.0.1", () => console.log("baseline ready"));

import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { Pool } from "pg";
import { referenceDebit, type ReferenceStatementShape } from "./bare-debit.mjs";

/**
 * The baseline of the debit benchmark: the debit's SQL statement
 * (bench/bare-debit.mjs, the ledger's own text in BENCH_DEBIT_STATEMENT)
 * behind a bare node:http server and node-postgres, with nothing else: no
 * validation, no token verification, no logging.
 * Usage: tsx bench/baseline-server.ts <port> <database-url>; each body names its member and token.
 */
const [port, databaseUrl] = process.argv.slice(2);
const statement = JSON.parse(process.env.BENCH_DEBIT_STATEMENT ?? "null") as ReferenceStatementShape;
const pool = new Pool({ connectionString: databaseUrl, max: 10 });
// The benchmark drops its database at the end; the idle connections then fail, harmlessly.
pool.on("error", () => undefined);

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as {
      id?: string;
      membershipNumber?: string;
      accessTokenId?: string;
    };
    referenceDebit(pool, statement, {
      membershipNumber: body.membershipNumber ?? "",
      accessTokenId: body.accessTokenId ?? "",
      externalId: body.id ?? randomBytes(8).toString("hex"),
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

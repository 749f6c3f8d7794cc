/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (node --require) */
// Preloaded into the app by bench/stage-profile.ts (node --require): counts every
// statement the app sends through pg (each Client#query call is one round trip:
// prepared, plain, BEGIN and COMMIT alike) and writes the running total to
// STATEMENT_COUNT_FILE once a second when it changed, so the bench can count statements per debit.
const { writeFileSync } = require("node:fs");
const file = process.env.STATEMENT_COUNT_FILE;
if (file) {
  const pg = require(require.resolve("pg", { paths: [process.cwd()] }));
  const original = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function query(...args) {
    count += 1;
    return original.apply(this, args);
  };
  let written = -1;
  setInterval(() => {
    if (count === written) return;
    written = count;
    writeFileSync(file, String(count));
  }, 1_000).unref();
}

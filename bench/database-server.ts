/**
 * The PostgreSQL server both bench scripts use: `BENCH_DATABASE_URL`, else
 * the tests' `TEST_DATABASE_URL`, else the local server the README names.
 * Set as `TEST_DATABASE_URL` too, which the test support that creates the
 * bench's databases reads.
 */
export function selectBenchDatabaseServer(): string {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  process.env.TEST_DATABASE_URL = serverUrl;
  return serverUrl;
}

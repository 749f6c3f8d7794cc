/** The postgres project (TEST_DATABASE_KIND=postgres, with TEST_DATABASE_URL): races are only shown there. */
export const onPostgres = process.env.TEST_DATABASE_KIND === "postgres";
export const needsPostgres = "PostgreSQL (the postgres project, run when TEST_DATABASE_URL is set)";

/**
 * A test's title that, where the test is skipped (`it.runIf(runs)`), names
 * the condition it waits for, so no skip goes unexplained in the report.
 */
export function unlessSkipped(runs: boolean, needs: string, title: string): string {
  return runs ? title : `${title} [skipped here: needs ${needs}]`;
}

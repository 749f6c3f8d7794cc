import { defineConfig } from "drizzle-kit";

/** The partner portal's tables, in the `portal` schema, with migrations of their own. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/portal/db/schema.ts",
  out: "./server/portal/db/migrations",
  schemaFilter: ["portal"],
});

import { defineConfig } from "drizzle-kit";

/** The payments sandbox's tables, in the `payments` schema, with migrations of their own. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/payments/db/schema.ts",
  out: "./server/payments/db/migrations",
  schemaFilter: ["payments"],
});

import { defineConfig } from "drizzle-kit";

/** The loyalty service's tables; the portal and the payments sandbox have configurations of their own. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
  schemaFilter: ["loyalty"],
});

import "server-only";
import { z } from "zod";

/**
 * Every environment variable the application reads, validated once. Defaults
 * run the sandbox on a fresh machine: embedded database under .data/, the
 * portal talking to this same app on http://localhost:3000.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: optionalUrl.optional(),
  /** Folder of the embedded database, or `memory://` for one that lives only in this process. */
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Public origin of this app, used for absolute links such as `developerLink`. */
  APP_ORIGIN: z.url().default("http://localhost:3000"),
});

export type Environment = z.infer<typeof environmentSchema>;

function readEnvironment(): Environment {
  const parsed = environmentSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

let cached: Environment | undefined;

/** The validated environment; read lazily so tests can set variables before first use. */
export function env(): Environment {
  cached ??= readEnvironment();
  return cached;
}

/** Forget the cached environment (tests that change variables). */
export function resetEnvironmentCache(): void {
  cached = undefined;
}

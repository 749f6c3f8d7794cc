// `npm start` runs this first (prestart): a configuration that live mode refuses ends the start here,
// one line per problem and exit code 1, before `next start` binds its port. instrumentation.ts checks
// the same again (and the database), for a server started some other way.
import { env, EnvironmentError } from "@/server/config/env";
import { refusalText } from "@/server/config/live-mode";

try {
  env();
} catch (error) {
  if (!(error instanceof EnvironmentError)) throw error;
  process.stderr.write(refusalText(error.problems));
  process.exit(1);
}

import { config } from "zod/v4/core";

// Runs in the browser before any page code. zod compiles object parsers with `new Function` when it
// may, and probes whether it may by trying: under the portal's CSP (no 'unsafe-eval') the probe itself
// is reported as a violation. The forms' schemas parse as well without the compiled path.
config({ jitless: true });

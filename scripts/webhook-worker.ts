/**
 * The webhook delivery worker on its own, outside the web server (a
 * separate worker process, and the crash tests' child process): the same
 * loop instrumentation.ts starts, on DATABASE_URL or the embedded database
 * under PGLITE_DATA_DIR. SIGTERM or SIGINT stop it after the pass under way.
 * Run with the `react-server` condition, tsx as this process's loader (its CLI would run the worker in a child
 * that a SIGKILL of the CLI leaves running): `node --import tsx --conditions=react-server scripts/webhook-worker.ts`.
 */
import { connectDatabase } from "@/server/db/connect";
import { env } from "@/server/config/env";
import { prepareDatabase } from "@/server/loyalty/db/loyalty-database";
import { startDeliveryWorker } from "@/server/loyalty/events/delivery/start-delivery-worker";

async function main(): Promise<void> {
  const config = env();
  const handle = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.PGLITE_DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await prepareDatabase(handle);
  const worker = startDeliveryWorker(async () => handle.db, { keepAlive: true });
  if (!worker) {
    console.error("WEBHOOK_WORKER=off: nothing to do.");
    await handle.close();
    return;
  }
  console.log("webhook worker ready");
  const stop = async () => {
    await worker.stop();
    await handle.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import autocannon from "autocannon";

/**
 * The load generator, run as its own process by bench/autocannon-run.ts.
 * Each connection cycles through the request variants (one per member), so
 * the load spreads over several accounts as real traffic does.
 */
interface WorkerConfig {
  url: string;
  connections: number;
  seconds: number;
  variants: { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string }[];
}

const config = JSON.parse(process.argv[2] ?? "{}") as WorkerConfig;

const instance = autocannon(
  {
    url: config.url,
    connections: config.connections,
    duration: config.seconds,
    idReplacement: true,
    requests: config.variants.map((variant) => ({
      method: variant.method,
      path: variant.path,
      headers: variant.headers,
      body: variant.body,
    })),
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(JSON.stringify(result));
  },
);
instance.on("error", (error) => console.error(error));

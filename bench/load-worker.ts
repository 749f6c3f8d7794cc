import autocannon from "autocannon";

/**
 * The load generator, run as its own process by bench/autocannon-run.ts.
 * Requests take the variants (one per member) in turn across all
 * connections, so the requests in flight at any moment are for different
 * members, as 32 customers paying at once would be; each connection on its
 * own would start at the first variant with all the others and move with them.
 */
interface WorkerConfig {
  url: string;
  connections: number;
  seconds: number;
  variants: { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string }[];
}

const config = JSON.parse(process.argv[2] ?? "{}") as WorkerConfig;
/** The next variant to send, over every connection. */
let next = 0;

const instance = autocannon(
  {
    url: config.url,
    connections: config.connections,
    duration: config.seconds,
    idReplacement: true,
    requests: [
      {
        setupRequest: (request) => {
          const variant = config.variants[next++ % config.variants.length]!;
          return {
            ...request,
            method: variant.method,
            path: variant.path,
            headers: variant.headers,
            body: variant.body,
          };
        },
      },
    ],
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

import "server-only";
import http from "node:http";
import net from "node:net";

interface TrackedServers {
  /** This process's HTTP servers, each known from its first connection. */
  servers: Set<http.Server>;
  /** Their open connections. */
  sockets: Set<net.Socket>;
  /** Set once the process is stopping: every answer from then on closes its connection. */
  draining: boolean;
  installed: boolean;
}

// On globalThis: Next.js may bundle this module more than once, and every copy must see one state.
const tracked = ((globalThis as { [key: symbol]: TrackedServers | undefined })[
  Symbol.for("loyalty-platform.shutdown.http-servers")
] ??= { servers: new Set(), sockets: new Set(), draining: false, installed: false });

/**
 * While draining, a connection with no request under way closes after this
 * long without traffic, as it would after the keep-alive timeout (5 s) at any
 * other time: long enough for a request already sent on it, unread while the
 * event loop was busy, to be read and answered rather than reset.
 */
export const drainingIdleMs = 1_000;

function follow(socket: net.Socket): void {
  if (tracked.sockets.has(socket)) return;
  tracked.sockets.add(socket);
  socket.once("close", () => tracked.sockets.delete(socket));
}

/**
 * Follows this process's HTTP servers and their connections from the
 * prototypes every server and answer share (`next start` creates its server
 * before instrumentation.ts runs, see socket-address-hook.ts): a server is
 * known from its first connection, and before any there is nothing in
 * flight to wait for. Once draining, every answer not yet begun says
 * `Connection: close`, so a keep-alive client sends its next request on a new
 * connection, which the next instance takes, never on one about to close.
 */
export function trackHttpServers(): void {
  if (tracked.installed) return;
  tracked.installed = true;
  const server = http.Server.prototype as unknown as {
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
  };
  const emit = server.emit;
  server.emit = function emitTrackingServer(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "connection") {
      tracked.servers.add(this);
      follow(args[0] as net.Socket);
    } else if (event === "request") {
      // A connection made before this hook was installed is known by its next request.
      tracked.servers.add(this);
      const socket = (args[0] as http.IncomingMessage).socket;
      follow(socket);
      // The idle timeout set when the drain began must not cut this request's answer off.
      if (tracked.draining) socket.setTimeout(this.timeout);
    }
    return emit.call(this, event, ...args);
  };
  // Every answer's head goes through writeHead (an implicit head too), so none escapes the flag.
  const response = http.ServerResponse.prototype as unknown as {
    writeHead: (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse;
  };
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadClosingWhenDraining(this: http.ServerResponse, ...args: unknown[]) {
    if (tracked.draining) this.shouldKeepAlive = false;
    return writeHead.apply(this, args);
  };
}

/** Whether the process has begun to stop (its answers close their connections; readiness says no). */
export function isDraining(): boolean {
  return tracked.draining;
}

/**
 * Stops accepting connections and waits until every connection has closed:
 * requests in flight are answered (with `Connection: close`), and so is a
 * request that arrives on an open keep-alive connection. An idle connection
 * closes after `drainingIdleMs` without traffic, not at once as
 * `server.close()` does, which resets a request already sent on it but not
 * yet read. Resolves true once all have closed, or false at `deadline`
 * (epoch ms), when those left are cut off.
 */
export async function drainHttpServers(deadline: number): Promise<boolean> {
  tracked.draining = true;
  const servers = [...tracked.servers];
  // Answers begun before the drain (keep-alive) leave their connection idle for this long at most.
  for (const server of servers) server.keepAliveTimeout = Math.min(server.keepAliveTimeout, drainingIdleMs);
  for (const socket of tracked.sockets) {
    // `_httpMessage`: the answer a connection owes, as Node's own closeIdleConnections reads it.
    if (!(socket as net.Socket & { _httpMessage?: unknown })._httpMessage) socket.setTimeout(drainingIdleMs);
  }
  // A connection made before this module was installed, and idle since, has no such timeout: every
  // `drainingIdleMs` the idle ones are closed, after the event loop's reads (setImmediate) so that a request
  // already received is read first.
  const sweep = setInterval(
    () => setImmediate(() => servers.forEach((server) => server.closeIdleConnections())),
    drainingIdleMs,
  );
  const closed = Promise.all(
    servers.map(
      (server) =>
        // net.Server's close: stop listening, then call back once the last connection has ended.
        new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve())),
    ),
  ).then(() => true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  const drained = await Promise.race([closed, late]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!drained) for (const server of servers) server.closeAllConnections();
  return drained;
}

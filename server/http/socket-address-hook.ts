import "server-only";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { isTrustedProxy, normaliseAddress, socketAddressHeader } from "./client-address";
import { consoleFormGate } from "./console-form-admission";
import { pageRenderGate } from "./page-render-admission";

const installedKey = Symbol.for("loyalty-platform.socket-address-hook");

/** Every answer of the sandbox says so (README, "Two modes"). */
export const sandboxHeader = "X-Sandbox";

/**
 * Stamps every request this process's HTTP servers receive with its socket's
 * address (client-address.ts), before Next.js reads it, and drops
 * X-Forwarded-Host/-Proto/-Port that did not come from a trusted proxy, so
 * Next.js writes them from the Host header and the socket instead. In the
 * sandbox, every answer (pages, the service, the payments sandbox) gets
 * `X-Sandbox: true` here too: one place, and no proxy.ts on the API paths
 * (Next.js would copy every request body for it). The posts of the public
 * console forms pass the gate of console-form-admission.ts here too, and the
 * page renders that of page-render-admission.ts, before Next.js reads them.
 * Installed first thing in
 * instrumentation.ts; `next start` creates its server before that, so the
 * hook sits on the prototype every http.Server shares.
 */
export function recordSocketAddresses(options: { sandbox: boolean }): void {
  const prototype = http.Server.prototype as unknown as {
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
    [installedKey]?: true;
  };
  if (prototype[installedKey]) return;
  prototype[installedKey] = true;
  const header = socketAddressHeader();
  const emit = prototype.emit;
  prototype.emit = function emitWithSocketAddress(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      stamp(args[0] as IncomingMessage, header);
      if (options.sandbox) (args[1] as ServerResponse).setHeader(sandboxHeader, "true");
      // A public console form, or a page render, waits its turn here, or is answered busy, before Next.js reads it.
      const request = args[0] as IncomingMessage;
      const response = args[1] as ServerResponse;
      const start = () => emit.call(this, event, ...args);
      if (consoleFormGate().admit(request, response, start) !== "now") return true;
      if (pageRenderGate().admit(request, response, start) !== "now") return true;
    }
    return emit.call(this, event, ...args);
  };
}

function stamp(request: IncomingMessage, header: string): void {
  const peer = normaliseAddress(request.socket?.remoteAddress);
  if (peer === undefined) delete request.headers[header];
  else request.headers[header] = peer;
  if (!isTrustedProxy(peer)) {
    delete request.headers["x-forwarded-host"];
    delete request.headers["x-forwarded-proto"];
    delete request.headers["x-forwarded-port"];
  }
}

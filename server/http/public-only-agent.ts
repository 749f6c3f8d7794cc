import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import type { Duplex } from "node:stream";
import { isPublicAddress } from "./egress-policy";

/** The code of the error a refused connection fails with. */
export const egressRefusedCode = "EADDRNOTALLOWED";

export function egressRefusedError(): NodeJS.ErrnoException {
  return Object.assign(new Error("the egress policy refuses this address"), { code: egressRefusedCode });
}

/**
 * An agent for one request whose connections reach public addresses only
 * (server/http/egress-policy.ts), judged on the address actually dialled:
 * every address a name resolves to (a lookup hook, so a DNS answer cannot
 * swap in a private one), then the socket's remote address on `connect`,
 * whatever the host's spelling and whether or not a lookup ran (Node skips
 * the hook for IP literals). The agent makes the TCP socket itself and the
 * policy's is that socket's first `connect` listener, so a refused socket
 * is destroyed before the request, or a TLS handshake, writes a byte.
 * `onRefused` is told, since the error a request reports for a destroyed
 * socket depends on the layers above it. No keep-alive: one post, one socket.
 */
export function publicOnlyAgent(protocol: string, onRefused: () => void): http.Agent {
  const refuse = () => {
    onRefused();
    return egressRefusedError();
  };
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)))
        return callback(refuse(), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };
  const connectTcp = (options: http.ClientRequestArgs): net.Socket => {
    const socket = net.connect({
      host: options.host ?? "localhost",
      port: Number(options.port),
      ...(options.family ? { family: options.family } : {}),
      lookup,
    });
    socket.once("connect", () => {
      if (!isPublicAddress(socket.remoteAddress ?? "")) socket.destroy(refuse());
    });
    return socket;
  };
  if (protocol === "https:") {
    return new (class extends https.Agent {
      override createConnection(options: https.RequestOptions, callback?: (err: Error | null, stream: Duplex) => void) {
        return super.createConnection({ ...options, socket: connectTcp(options) } as https.RequestOptions, callback);
      }
    })({ keepAlive: false });
  }
  return new (class extends http.Agent {
    override createConnection(options: http.ClientRequestArgs) {
      return connectTcp(options);
    }
  })({ keepAlive: false });
}

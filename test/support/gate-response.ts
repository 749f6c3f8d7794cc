import { EventEmitter } from "node:events";

/** The little of a response the request gates touch (server/http/*-admission.ts), as Node's server hands it over. */
export class GateResponse extends EventEmitter {
  status?: number;
  headers: Record<string, string> = {};
  body?: string;
  writeHead(status: number, headers: Record<string, string>) {
    this.status = status;
    this.headers = headers;
    return this;
  }
  /** An answer the gate wrote itself (busy): the connection's turn is over. */
  end(body?: string) {
    this.body = body;
    this.emit("close");
  }
  /** The application answered (or the client went away): the connection's turn is over. */
  finish() {
    this.emit("close");
  }
}

// The embedded database's own thread (pglite-in-worker.ts starts it): PGlite
// runs PostgreSQL compiled to WebAssembly, and every statement's work would
// otherwise take the event loop that serves HTTP. Plain JavaScript, loaded by
// path, so neither the bundler nor the test runner has to know of it.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const database = await PGlite.create(workerData.dataDir === "memory://" ? undefined : workerData.dataDir);
/** Open transactions, by id: the handle PGlite gave, and how to end it. */
const transactions = new Map();
const subscriptions = new Map();
let nextId = 1;
const identity = (value) => value;
/** Query options by their parsers' type ids, built once: the parsers are functions, which cannot cross threads. */
const optionsByKey = new Map();

function queryOptions(rowMode, identityTypes) {
  if (rowMode === undefined && identityTypes === undefined) return undefined;
  const key = `${rowMode}:${identityTypes?.join(",")}`;
  let options = optionsByKey.get(key);
  if (!options) {
    options = {};
    if (rowMode !== undefined) options.rowMode = rowMode;
    if (identityTypes !== undefined)
      options.parsers = Object.fromEntries(identityTypes.map((type) => [type, identity]));
    optionsByKey.set(key, options);
  }
  return options;
}

/** A database error as plain data: its SQLSTATE, constraint and the rest survive the crossing. */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => value === null || typeof value !== "object");
  return {
    ...Object.fromEntries(fields.filter(([, value]) => typeof value !== "function")),
    name: error.name,
    message: error.message,
  };
}

function targetOf(message) {
  if (message.transaction === undefined) return database;
  const open = transactions.get(message.transaction);
  if (!open) throw new Error("the transaction has ended");
  return open.handle;
}

async function answer(message) {
  switch (message.kind) {
    case "query":
      return targetOf(message).query(message.sql, message.params, queryOptions(message.rowMode, message.identityTypes));
    case "exec":
      return targetOf(message).exec(message.sql);
    case "begin":
      return new Promise((started, failed) => {
        const id = nextId++;
        const ended = database
          .transaction(
            (handle) =>
              new Promise((commit, rollBack) => {
                transactions.set(id, { handle, commit, rollBack, ended });
                started(id);
              }),
          )
          .finally(() => transactions.delete(id));
        ended.catch(failed);
      });
    case "commit":
    case "rollback": {
      const open = transactions.get(message.transaction);
      if (!open) throw new Error("the transaction has ended");
      if (message.kind === "commit") open.commit();
      else open.rollBack(new Error("rolled back"));
      return open.ended.then(
        () => undefined,
        (error) => {
          if (message.kind === "commit") throw error;
        },
      );
    }
    case "listen": {
      const id = nextId++;
      const stop = await database.listen(message.channel, (payload) =>
        parentPort.postMessage({ kind: "notification", subscription: id, payload }),
      );
      subscriptions.set(id, stop);
      return id;
    }
    case "unlisten": {
      const stop = subscriptions.get(message.subscription);
      subscriptions.delete(message.subscription);
      await stop?.();
      return undefined;
    }
    case "close":
      await database.close();
      return undefined;
    default:
      throw new Error(`unknown request ${message.kind}`);
  }
}

function reply(id, outcome) {
  try {
    parentPort.postMessage({ kind: "reply", id, ...outcome });
  } catch (error) {
    // A value that cannot cross (a driver object in a result) fails its own call, not the thread.
    parentPort.postMessage({ kind: "reply", id, error: plainError(error) });
  }
}

parentPort.on("message", (message) => {
  answer(message).then(
    (result) => reply(message.id, { result }),
    (error) => reply(message.id, { error: plainError(error) }),
  );
});
parentPort.postMessage({ kind: "ready" });

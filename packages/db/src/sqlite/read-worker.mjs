// Reads made outside transactions while a write is open, in a thread of their own, so that a
// heavy read (a page of appointments with their notes costs SQLite about 400 µs) never holds the
// event loop. Its connection can never write (query_only) and, in WAL mode, sees only what is
// committed. One reply per request; statements are prepared once. Plain JavaScript: it runs as is
// from source in tests and is copied beside the server's bundle.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { file, busyTimeoutMs } = workerData;
const db = new Database(file, { timeout: busyTimeoutMs });
db.pragma("query_only = ON");
// This connection answers every read outside a transaction: 64 MB of pages keeps a busy clinic's hot rows in it.
db.pragma("cache_size = -65536");

const CACHE_LIMIT = 500;
const statements = new Map();

function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= CACHE_LIMIT) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

parentPort.on("message", ({ id, op, sql, parameters }) => {
  try {
    if (op === "close") {
      db.close();
      parentPort.postMessage({ id });
      return;
    }
    parentPort.postMessage({ id, result: prepared(sql).all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});

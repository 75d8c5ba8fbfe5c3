// A SQLite connection in a thread of its own, so that the event loop never waits on SQLite's slow
// work. It serves in one of two roles (workerData.role):
// - "read": the reads made outside transactions, so that a heavy one (a page of appointments with
//   their notes costs SQLite about 400 µs) never holds the event loop. Its connection can never
//   write (query_only) and, in WAL mode, sees only what is committed;
// - "disk": what waits on the disk: the fsync of the WAL that makes a group of commits durable
//   ("sync"), the checkpoints that copy the WAL into the database file, and online backups.
// One reply per request. Plain JavaScript: it runs as is from source in tests and is copied beside
// the server's bundle.
import { closeSync, fsyncSync, openSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { file, busyTimeoutMs, role } = workerData;
const db = new Database(file, { timeout: busyTimeoutMs });
if (role === "read") {
  db.pragma("query_only = ON");
  // This connection answers every read outside a transaction: 64 MB of pages keeps a busy clinic's hot rows in it.
  db.pragma("cache_size = -65536");
}

/** Statements prepared once (parsing SQL costs more than running it), up to a bound. */
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

/** How often, at most, committed pages are copied from the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 250;
let lastCheckpoint = performance.now();
let wal;

/**
 * A passive checkpoint never waits for readers or blocks the writer; once it has copied every
 * frame, the writer starts the WAL over from its beginning, so the WAL stays small.
 */
function checkpointIfDue() {
  if (performance.now() - lastCheckpoint < CHECKPOINT_EVERY_MS) return;
  db.pragma("wal_checkpoint(PASSIVE)");
  lastCheckpoint = performance.now();
}

const operations = {
  read: ({ sql, parameters }) => prepared(sql).all(parameters),
  sync: () => {
    // The WAL exists from the first write on, and stays for as long as the server is open.
    wal ??= openSync(`${file}-wal`, "r+");
    fsyncSync(wal);
  },
  // A consistent snapshot from one read transaction: writers carry on meanwhile.
  backup: ({ to }) => void db.prepare("vacuum into ?").run(to),
  close: () => {
    if (wal !== undefined) closeSync(wal);
    db.close();
  },
};

parentPort.on("message", (message) => {
  try {
    const operation = operations[message.op];
    if (!operation) throw new Error(`unknown operation ${message.op}`);
    parentPort.postMessage({ id: message.id, result: operation(message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error.message, code: error.code } });
  }
  // After the reply: the commits waiting for this fsync need not wait for the checkpoint too.
  if (message.op === "sync") {
    try {
      checkpointIfDue();
    } catch {
      // Busy or interrupted: the next one copies what this one did not.
    }
  }
});

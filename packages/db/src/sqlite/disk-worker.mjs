// The SQLite work that waits on the disk, in a thread of its own so the event loop never does:
// the fsync of the WAL that makes a group of commits durable ("sync"), the checkpoints that copy
// the WAL into the database file, and online backups ("backup"). Plain JavaScript: it runs as is
// from source in tests and is copied beside the server's bundle. One reply per request.
import { closeSync, fsyncSync, openSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { file, busyTimeoutMs } = workerData;
const db = new Database(file, { timeout: busyTimeoutMs });

/** How often, at most, committed pages are copied from the WAL into the database file. */
const CHECKPOINT_EVERY_MS = 250;
let lastCheckpoint = performance.now();
let wal;

function sync() {
  // The WAL exists from the first write on, and stays for as long as the server is open.
  wal ??= openSync(`${file}-wal`, "r+");
  fsyncSync(wal);
}

/**
 * A passive checkpoint never waits for readers or blocks the writer; once it has copied every
 * frame, the writer starts the WAL over from its beginning, so the WAL stays small.
 */
function checkpointIfDue() {
  if (performance.now() - lastCheckpoint < CHECKPOINT_EVERY_MS) return;
  db.pragma("wal_checkpoint(PASSIVE)");
  lastCheckpoint = performance.now();
}

function perform({ op, to }) {
  switch (op) {
    case "sync":
      return sync();
    case "backup":
      // A consistent snapshot from one read transaction: writers carry on meanwhile.
      return void db.prepare("vacuum into ?").run(to);
    case "close":
      if (wal !== undefined) closeSync(wal);
      return void db.close();
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

parentPort.on("message", (message) => {
  try {
    perform(message);
    parentPort.postMessage({ id: message.id });
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

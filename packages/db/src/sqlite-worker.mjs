// The SQLite connection, in a worker thread: every statement (and every fsync that
// synchronous=FULL asks for) runs here, so the server's event loop never waits on the disk.
// Plain JavaScript on purpose: it runs as is from source in tests and is copied into the
// server's bundle. Messages are arrays of requests { id, op: "query" | "appendChain" | "commit" |
// "transaction" | "backup" | "close", ... }, answered by arrays of { id, result | error }; a
// query's result carries `rows`, or `rowsJson` and `columns` (see asJsonRows).
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { chainedValues, valuesByInsert } from "./audit-chain.mjs";
import { remembered } from "./bounded-cache.mjs";

const db = new Database(workerData.file, { timeout: workerData.busyTimeoutMs });
for (const pragma of workerData.pragmas) db.pragma(pragma);

const STATEMENT_CACHE_LIMIT = 1000;
const statements = new Map();

function prepared(sql) {
  return remembered(statements, sql, STATEMENT_CACHE_LIMIT, () => db.prepare(sql));
}

/** A transaction's first message carries its BEGIN (see RoutedConnection in the dialect). */
function beginIfAsked(begin) {
  if (begin) prepared(begin).run();
}

/**
 * A SELECT's rows as one JSON array of arrays, built by SQLite, with the column names apart.
 * Turning every value into a JavaScript value here, then cloning each row to the main thread,
 * costs more than the query (100 appointments: 0.59 ms against 0.19 ms), and a JSON string
 * crosses threads in one copy and parses faster than the clone; arrays rather than objects halve
 * the bytes, and the time to write and to parse them. Only for results JSON carries exactly:
 * unique column names, each a table column of INTEGER or TEXT affinity (SQLite would write a
 * REAL with 15 digits, and a BLOB not at all; the app writes only whole numbers where the
 * affinity is INTEGER). The ORDER BY of the inner query holds: SQLite keeps a subquery's ORDER BY
 * when the outer query aggregates with anything but count(), min() or max(). A wrapped query
 * names the columns the schema had when it was built, so a schema change empties the caches
 * (forgetIfSchemaChanged).
 */
const jsonStatements = new Map();
const readSchemaVersion = db.prepare("pragma schema_version").pluck();
// Reading the schema table makes this connection load a schema another one changed: statements
// prepared before that would still describe the old columns.
const reloadSchema = db.prepare("select 1 from sqlite_master limit 1");
let schemaVersion = readSchemaVersion.get();

/**
 * Checked before each batch, and after any statement of this connection that changes the schema.
 * The plain statements go too: what they say of their columns is what they were prepared with.
 */
function forgetIfSchemaChanged() {
  if (!db.open) return;
  const version = readSchemaVersion.get();
  if (version === schemaVersion) return;
  schemaVersion = version;
  reloadSchema.get();
  statements.clear();
  jsonStatements.clear();
}

/** The JSON form of a SELECT, or null (kept too) when its rows must take the plain path. */
function asJsonRows(sql, statement) {
  return remembered(jsonStatements, sql, STATEMENT_CACHE_LIMIT, () => {
    const columns = statement.columns();
    const names = columns.map((column) => column.name);
    const exact = /^\s*select\b/i.test(sql) && new Set(names).size === names.length && columns.every((column) => exactInJson(column.type));
    const quoted = (name) => `"${name.replaceAll('"', '""')}"`;
    const json = exact ? wrapped(`select json_group_array(json_array(${names.map(quoted).join(", ")})) from (${sql})`) : null;
    return json && { statement: json, columns: JSON.stringify(names) };
  });
}

/** The JSON query, or null (the plain read) for a SELECT that cannot be wrapped (one ending in a comment, say). */
function wrapped(sql) {
  try {
    return db.prepare(sql).pluck();
  } catch {
    return null;
  }
}

/** INTEGER or TEXT affinity, by SQLite's rules for a declared type (section 3.1 of its datatype page). */
function exactInJson(declaredType) {
  const type = declaredType?.toUpperCase() ?? "";
  return type.includes("INT") || ["CHAR", "CLOB", "TEXT"].some((word) => type.includes(word));
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

function query({ sql, parameters, begin }) {
  beginIfAsked(begin);
  // SQLite ends a transaction by itself on some errors (a full disk, say): the ROLLBACK that
  // follows must not fail and hide the error that caused it.
  if (sql === "rollback" && !db.inTransaction) return { rows: [] };
  const statement = prepared(sql);
  if (statement.reader) {
    const json = asJsonRows(sql, statement);
    if (json) {
      try {
        return { rowsJson: json.statement.get(parameters), columns: json.columns };
      } catch {
        // A BLOB where the column's type says text, say: the plain read answers it, or fails alike.
      }
    }
    return { rows: statement.all(parameters) };
  }
  const { changes, lastInsertRowid } = statement.run(parameters);
  if (SCHEMA_CHANGE.test(sql)) forgetIfSchemaChanged();
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/**
 * Appends rows to the audit log's hash chain in one transaction that takes the write lock at
 * BEGIN (a savepoint, inside a transaction already open): reads the tail, links each row to the
 * one before, inserts them many to a statement. Done here, in one message, so a batch costs the
 * busy event loop one round trip instead of four.
 */
const appendChain = db.transaction(({ tailSql, inserts, rows }) => {
  const values = chainedValues(prepared(tailSql).get()?.hash ?? "", rows);
  const chunks = valuesByInsert(values, inserts.map((insert) => insert.count));
  inserts.forEach((insert, index) => prepared(insert.sql).run(chunks[index]));
});

/**
 * A write transaction sent whole (op "transaction"): its statements in order, then its audit
 * rows, whose target_id is, when `append.targetIdFrom` names a statement, the id that statement
 * inserted. Runs as a savepoint of the commit group it joins (see joinGroup): if any part fails,
 * all of it is undone, and nothing else.
 */
const writeTransaction = db.transaction(({ statements, append }) => {
  const results = statements.map((statement) => query(statement));
  if (append) appendChain(append.targetIdFrom === undefined ? append : { ...append, rows: withTargetId(append.rows, results[append.targetIdFrom]) });
  return results;
});

function withTargetId(rows, inserted) {
  const id = String(inserted.rows?.[0]?.id ?? inserted.insertId);
  return rows.map((row) => ({ ...row, target_id: id }));
}

/**
 * Write transactions that arrive one after another commit together: one BEGIN, each its own
 * savepoint, one COMMIT, so one fsync, and the pages they share written once. Their answers wait
 * for that COMMIT: none is told it is done before it is on the disk, nor is it visible to other
 * connections before then. (A deferred foreign key is checked only at that COMMIT, where its
 * violation would fail the whole group: the clinic's schema defers none.) `null` when no group
 * is open.
 */
let group = null;

/** Adds a write transaction to the open group (opening one); answers the replies to send now. */
function joinGroup(message) {
  if (!group) {
    try {
      prepared("begin immediate").run();
    } catch (error) {
      return [failure(message.id, error)];
    }
    group = [];
  }
  try {
    group.push({ id: message.id, result: writeTransaction(message) });
  } catch (error) {
    group.push(failure(message.id, error));
    // Some errors (a full disk, say) make SQLite end the whole transaction: the group is undone.
    if (!db.inTransaction) return endGroup(error);
  }
  return [];
}

/** Commits the open group; answers its replies, every one failed if the COMMIT failed. */
function commitGroup() {
  try {
    prepared("commit").run();
  } catch (error) {
    if (db.inTransaction) prepared("rollback").run();
    return endGroup(error);
  }
  const replies = group;
  group = null;
  return replies;
}

/** Closes a group that was undone: its members that had succeeded fail with `error`. */
function endGroup(error) {
  const replies = group.map((reply) => (reply.error ? reply : failure(reply.id, error)));
  group = null;
  return replies;
}

/** Runs one request; answers its reply, or a promise of it for the one operation that waits (backup). */
function run(message) {
  try {
    const result = perform(message);
    if (result instanceof Promise) return result.then((value) => ({ id: message.id, result: value }), (error) => failure(message.id, error));
    return { id: message.id, result };
  } catch (error) {
    return failure(message.id, error);
  }
}

function failure(id, error) {
  return { id, error: { message: error.message, code: error.code, name: error.name } };
}

function perform(message) {
  switch (message.op) {
    case "query":
      return query(message);
    case "appendChain":
      appendChain.immediate(message);
      return null;
    case "commit":
      // A transaction's audit rows, then its COMMIT; if either fails, the transaction ends here:
      // the dialect has already let the next transaction queue its BEGIN behind this message.
      beginIfAsked(message.begin);
      try {
        for (const append of message.appends) appendChain(append);
        prepared("commit").run();
      } catch (error) {
        if (db.inTransaction) prepared("rollback").run();
        throw error;
      }
      return null;
    case "backup":
      // SQLite's online backup: a consistent copy while other statements keep running.
      return db.backup(message.file).then(() => null);
    case "close":
      statements.clear();
      jsonStatements.clear();
      db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

/**
 * Replies go back in batches too, but one leaves once this much work has piled up behind it:
 * holding every reply to the end of a large batch would leave the main thread idle meanwhile, and
 * then this thread idle while the main thread catches up, the two taking turns instead of working
 * side by side.
 */
const REPLY_AFTER_MS = 0.1;

/** How long a commit group keeps taking in write transactions that queued up behind it. */
const GROUP_FILL_MS = 1;

// Requests come in batches (all a turn of the server's event loop asked for): each message
// between threads costs both threads more than a small query does.
parentPort.on("message", (first) => {
  let replies = [];
  let since = performance.now();
  // A group still open at the end of a batch takes in the batches that queued up meanwhile (they
  // come every turn of the server's loop, and more while a COMMIT waits on the disk), for as long
  // as GROUP_FILL_MS allows: the larger the group, the fewer the fsyncs.
  for (let batch = first, groupFrom = 0; batch; batch = group && performance.now() - groupFrom < GROUP_FILL_MS ? receiveMessageOnPort(parentPort)?.message : undefined) {
    forgetIfSchemaChanged();
    for (const message of batch) {
      if (message.op === "transaction") {
        if (!group) groupFrom = performance.now();
        replies.push(...joinGroup(message));
        continue;
      }
      if (group) replies.push(...commitGroup());
      const reply = run(message);
      if (reply instanceof Promise) void reply.then((late) => parentPort.postMessage([late]));
      else replies.push(reply);
      if (replies.length > 0 && performance.now() - since >= REPLY_AFTER_MS) {
        parentPort.postMessage(replies);
        replies = [];
        since = performance.now();
      }
    }
  }
  if (group) replies.push(...commitGroup());
  if (replies.length > 0) parentPort.postMessage(replies);
});

parentPort.postMessage({ ready: true });

// The audit log's hash chain. Each row's hash covers its content and the previous row's hash,
// so editing or deleting any row breaks the chain from there on. The definition must stay the
// one the administration migration used to chain older rows. Plain JavaScript: the SQLite
// worker thread (sqlite-worker.mjs) chains rows with it too.
import { hash } from "node:crypto";

/** The columns a row's hash covers, in the order they are hashed. */
export const CHAINED_FIELDS = ["occurred_at", "actor_id", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"];

/** A stored row's columns: the chained fields, then prev_hash and hash. */
export const STORED_COLUMNS = [...CHAINED_FIELDS, "prev_hash", "hash"];

/**
 * The values of `rows` as stored, row after row in STORED_COLUMNS order, each linked to the one
 * before it, the first to `previousHash` (the chain's tail).
 */
export function chainedValues(previousHash, rows) {
  const values = [];
  let previous = previousHash;
  for (const row of rows) {
    const hash = auditLink(previous, row);
    for (const field of CHAINED_FIELDS) values.push(row[field]);
    values.push(previous, hash);
    previous = hash;
  }
  return values;
}

/** `values` (as chainedValues gives them) split for INSERTs taking `counts` rows each, in order. */
export function valuesByInsert(values, counts) {
  let first = 0;
  return counts.map((count) => {
    const chunk = values.slice(first * STORED_COLUMNS.length, (first + count) * STORED_COLUMNS.length);
    first += count;
    return chunk;
  });
}

/** An instant already as toISOString() writes it (what SQLite stores), hashed as it is. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function auditLink(previousHash, row) {
  const canonical = JSON.stringify(
    CHAINED_FIELDS.map((field) => {
      const value = row[field];
      if (value === undefined) return null;
      // Instants hash as ISO strings on both databases.
      if (field === "occurred_at" && !(typeof value === "string" && ISO_INSTANT.test(value))) return new Date(value).toISOString();
      return value;
    }),
  );
  return hash("sha256", `${previousHash}\n${canonical}`, "hex");
}

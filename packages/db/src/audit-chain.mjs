// The audit log's hash chain. Each row's hash covers its content and the previous row's hash,
// so editing or deleting any row breaks the chain from there on. The definition must stay the
// one the administration migration used to chain older rows. Plain JavaScript: the SQLite
// worker thread (sqlite-worker.mjs) chains rows with it too.
import { createHash } from "node:crypto";

/** The columns a row's hash covers, in the order they are hashed. */
export const CHAINED_FIELDS = ["occurred_at", "actor_id", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"];

export function auditLink(previousHash, row) {
  const canonical = JSON.stringify(
    CHAINED_FIELDS.map((field) => {
      const value = row[field];
      if (value === undefined) return null;
      // Instants hash as ISO strings on both databases.
      return field === "occurred_at" ? new Date(value).toISOString() : value;
    }),
  );
  return createHash("sha256").update(`${previousHash}\n${canonical}`).digest("hex");
}

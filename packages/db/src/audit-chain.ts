// The audit log's hash chain. Each row's hash is an HMAC-SHA256, under a key kept outside the
// database and its backups, of its content and the previous row's hash: editing, removing or
// reordering a row breaks every link after it, and without the key nobody can forge a chain
// that verifies, even knowing this definition. The newest rows' removal is found against a
// checkpoint (the head's id and hash), which the server writes to its log.
import { createHmac } from "node:crypto";

/** The secret the chain is keyed with (32 random bytes). */
export type AuditKey = Buffer;

/** The columns a row's hash covers, in the order they are hashed. */
export const CHAINED_FIELDS = ["occurred_at", "actor_id", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"] as const;

/** An instant already as toISOString() writes it (what SQLite stores), hashed as it is. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function auditLink(key: AuditKey, previousHash: string, row: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    CHAINED_FIELDS.map((field) => {
      const value = row[field];
      if (value === undefined) return null;
      // Instants hash as ISO strings on both databases.
      if (field === "occurred_at" && !(typeof value === "string" && ISO_INSTANT.test(value))) return new Date(value as string).toISOString();
      return value;
    }),
  );
  return createHmac("sha256", key).update(`${previousHash}\n${canonical}`).digest("hex");
}

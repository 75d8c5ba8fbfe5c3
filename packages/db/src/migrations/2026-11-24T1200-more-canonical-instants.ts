// The instants of the tables and columns added beside the canonical-instants migration (emergency
// access, one-time password expiry, the chain's keying) get the same rule: SQLite refuses any
// form but UTC as toISOString() writes it. Their rows were all written in that form.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, requireCanonicalInstants, type MigrationDb } from "./dialect";

const INSTANTS: Record<string, string[]> = {
  emergency_access: ["granted_at", "expires_at", "reviewed_at"],
  audit_chain_keying: ["keyed_at"],
};

export async function up(db: MigrationDb): Promise<void> {
  for (const [table, columns] of Object.entries(INSTANTS)) await requireCanonicalInstants(db, table, columns);
  // users has its triggers already; they are made again to take in the new column.
  await dropCanonicalInstants(db, "users");
  await requireCanonicalInstants(db, "users", ["created_at", "deactivated_at", "one_time_password_expires_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of Object.keys(INSTANTS)) await dropCanonicalInstants(db, table);
  await dropCanonicalInstants(db, "users");
  await requireCanonicalInstants(db, "users", ["created_at", "deactivated_at"]);
}
